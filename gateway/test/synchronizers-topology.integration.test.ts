import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIou, createUser, json } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { scanOk } from './scan-history-fixtures.ts';
import {
  assignCommand,
  expectCantonError,
  type MultiSyncNode,
  openRounds,
  reassign,
  startMultiSyncNode,
  unassignCommand,
} from './synchronizers-fixtures.ts';

// Two synchronizers on one node: each with its own identity, parties hosted on the ones they
// were allocated on, commands that name a synchronizer when their parties share several, and
// reassignments that survive a restart.

type Connected = { synchronizerAlias: string; synchronizerId: string; permission?: string };

async function connected(net: MultiSyncNode, party?: string): Promise<Connected[]> {
  const path = '/v2/state/connected-synchronizers';
  const query = party === undefined ? '' : `?party=${encodeURIComponent(party)}`;
  const body = await json<{ connectedSynchronizers: Connected[] }>(
    await net.node.call(`${path}${query}`),
  );
  expectMatchesSpec({ spec: 'ledger', method: 'get', path, status: 200, body });
  return body.connectedSynchronizers;
}

const allocate = (net: MultiSyncNode, body: Record<string, unknown>) =>
  net.node.call('/v2/parties', { body });

describe('a node on two synchronizers', () => {
  let net: MultiSyncNode;
  let carol = '';

  beforeAll(async () => {
    net = await startMultiSyncNode();
  });
  afterAll(() => net.node.close());

  it('is connected to both, each with its own id, sequencer, mediator and identity transactions', async () => {
    const all = await connected(net);
    expect(all.map((entry) => [entry.synchronizerAlias, entry.synchronizerId])).toEqual([
      ['global-domain', net.globalId],
      ['app1', net.app1],
    ]);
    expect(net.app1).toMatch(/^app1::1220[0-9a-f]{64}$/);
    type Identities = {
      sequencer_id: string;
      mediator_id: string;
      sequencer_identity_transactions: string[];
    };
    const ofGlobal = await scanOk<Identities>(
      net.node,
      '/v0/synchronizer-identities/global-domain::',
    );
    const ofApp1 = await scanOk<Identities>(net.node, '/v0/synchronizer-identities/app1::');
    expect(ofApp1.sequencer_id).toBe(`SEQ::sequencer::${net.app1.slice('app1::'.length)}`);
    expect(ofApp1.mediator_id).not.toBe(ofGlobal.mediator_id);
    expect(ofApp1.sequencer_identity_transactions).not.toEqual(
      ofGlobal.sequencer_identity_transactions,
    );
    await scanOk(net.node, '/v0/synchronizer-bootstrapping-transactions/app1');
    // The devnet's parties are hosted on both, and the packages vetted on both.
    expect((await connected(net, net.dso)).map((entry) => entry.synchronizerId)).toEqual([
      net.globalId,
      net.app1,
    ]);
    const vetting = await json<{
      vettedPackages: Array<{ synchronizerId: string; packages: unknown[] }>;
    }>(await net.node.call('/v2/package-vetting/list', { body: {} }));
    expect(vetting.vettedPackages.map((entry) => entry.synchronizerId)).toEqual([
      net.globalId,
      net.app1,
    ]);
    expect(vetting.vettedPackages[1]?.packages).toEqual(vetting.vettedPackages[0]?.packages);
  });

  it('allocates a party on the synchronizer named, which must be named, and on another one later', async () => {
    await expectCantonError(await allocate(net, { partyIdHint: 'carol' }), {
      status: 400,
      code: 'INVALID_FIELD',
    });
    const onApp1 = await json<{ partyDetails: { party: string } }>(
      await allocate(net, { partyIdHint: 'carol', synchronizerId: net.app1 }),
    );
    carol = onApp1.partyDetails.party;
    expect((await connected(net, carol)).map((entry) => entry.synchronizerId)).toEqual([net.app1]);
    await json(await allocate(net, { partyIdHint: 'carol', synchronizerId: net.globalId }));
    expect((await connected(net, carol)).map((entry) => entry.synchronizerId)).toEqual([
      net.globalId,
      net.app1,
    ]);
    await expectCantonError(
      await allocate(net, { partyIdHint: 'carol', synchronizerId: net.app1 }),
      {
        status: 400,
        code: 'INVALID_ARGUMENT',
      },
    );
  });

  it('routes a command of parties on one synchronizer there, and wants one named otherwise', async () => {
    const dave = (
      await json<{ partyDetails: { party: string } }>(
        await allocate(net, { partyIdHint: 'dave', synchronizerId: net.app1 }),
      )
    ).partyDetails.party;
    await createUser(net.node, 'dave', [dave]);
    await createUser(net.node, 'carol', [carol]);
    const create = (user: string, party: string, extra: Record<string, unknown> = {}) =>
      net.node.call('/v2/commands/submit-and-wait-for-transaction', {
        user,
        body: {
          commands: {
            commands: [createIou(party, party, '5.0')],
            commandId: `create-${user}-${Object.keys(extra).length}`,
            actAs: [party],
            ...extra,
          },
        },
      });
    const onApp1 = await json<{ transaction: { synchronizerId: string } }>(
      await create('dave', dave),
    );
    expect(onApp1.transaction.synchronizerId).toBe(net.app1);
    await expectCantonError(await create('carol', carol), { status: 400, code: 'MISSING_FIELD' });
    const named = await json<{ transaction: { synchronizerId: string } }>(
      await create('carol', carol, { synchronizerId: net.globalId }),
    );
    expect(named.transaction.synchronizerId).toBe(net.globalId);
    await expectCantonError(await create('dave', dave, { synchronizerId: net.globalId }), {
      status: 400,
      code: 'NO_SYNCHRONIZER_FOR_SUBMISSION',
    });
  });
});

describe('reassignments across a restart', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pocketnet-synchronizers-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('replays an unassignment: the contract stays in flight, then is assigned with its counter', async () => {
    const first = await startMultiSyncNode({ dataDir });
    const round = Object.keys(await openRounds(first))[0] ?? '';
    const unassigned = await reassign(first, {
      user: first.dsoUser,
      submitter: first.dso,
      command: unassignCommand(round, first.globalId, first.app1),
    });
    const history = await scanOk(first.node, '/v2/updates', { page_size: 1000 });
    await first.node.close();
    const again = await startMultiSyncNode({ dataDir, createUser: false });
    try {
      expect(await scanOk(again.node, '/v2/updates', { page_size: 1000 })).toEqual(history);
      expect((await openRounds(again))[round]).not.toHaveProperty('domain_id');
      const reassignmentId = unassigned.events[0]?.JsUnassignedEvent?.value.reassignmentId ?? '';
      const assigned = await reassign(again, {
        user: again.dsoUser,
        submitter: again.dso,
        command: assignCommand(reassignmentId, again.globalId, again.app1),
      });
      expect(assigned.events[0]?.JsAssignmentEvent?.reassignmentCounter).toBe(1);
      expect((await openRounds(again))[round]?.domain_id).toBe(again.app1);
    } finally {
      await again.node.close();
    }
  });
});
