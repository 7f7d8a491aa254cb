import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Command, internalSubmission, type TransactionRecord } from '@pocketnet/ledger';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalnetTestNode } from '../../testing/localnet-node.test-helper.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import type { EventFilter, PartyFilter } from '../views/event-filter.ts';
import type { PocketnetNode } from './create-node.ts';
import type { ParticipantNode } from './create-participant.ts';

// LocalNet's layout (issue 22): the SV's participant and two more on its synchronizer, in one
// node; a transaction commits once and shows on each participant as far as its parties see it.

const nodes: PocketnetNode[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function startLocalNet(dataDir: string | null = null) {
  const started = await createLocalnetTestNode({ dataDir });
  nodes.push(started.node);
  return started;
}

const wildcard: PartyFilter = {
  wildcard: { includeCreatedEventBlob: false },
  templates: new Map(),
  interfaces: new Map(),
};
const anyParty: EventFilter = { byParty: new Map(), anyParty: wildcard, verbose: false };
const asParty = (party: string): EventFilter => ({
  byParty: new Map([[party, wildcard]]),
  anyParty: null,
  verbose: false,
});

const submit = (on: ParticipantNode, party: string, commandId: string, command: Command) =>
  on.commands.submitAndWait(
    unrestrictedCaller,
    internalSubmission({ userId: 'localnet-test', commandId, actAs: [party], commands: [command] }),
  );

const createdOf = (record: TransactionRecord, entity: string) => {
  const node = record.nodes.find(
    (each) => each.kind === 'created' && each.templateId.endsWith(`:Iou:${entity}`),
  );
  if (!node) throw new Error(`no ${entity} created`);
  return node.contractId;
};

/** An app-user party's Iou, transferred to an app-provider party who accepts it. */
async function transfer(provider: ParticipantNode, user: ParticipantNode) {
  const alice = await user.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'alice' });
  const bob = await provider.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'bob' });
  const created = await submit(user, alice.party, 'issue', {
    kind: 'create',
    templateId: '#pocketnet-examples:Iou:Iou',
    createArguments: {
      issuer: alice.party,
      owner: alice.party,
      currency: 'USD',
      amount: '10.0',
      observers: [],
    },
  });
  const offered = await submit(user, alice.party, 'offer', {
    kind: 'exercise',
    templateId: '#pocketnet-examples:Iou:Iou',
    contractId: createdOf(created, 'Iou'),
    choice: 'Iou_Transfer',
    choiceArgument: { newOwner: bob.party },
  });
  const accepted = await submit(provider, bob.party, 'accept', {
    kind: 'exercise',
    templateId: '#pocketnet-examples:Iou:IouTransfer',
    contractId: createdOf(offered, 'IouTransfer'),
    choice: 'IouTransfer_Accept',
    choiceArgument: {},
  });
  return { alice: alice.party, bob: bob.party, accepted };
}

const activeIous = (on: ParticipantNode, filter: EventFilter = anyParty) =>
  on.reads
    .activeContracts(unrestrictedCaller, filter, on.reads.ledgerEnd(unrestrictedCaller))
    .map(({ event }) => ({
      owner: (event.node.createArgument as { owner: string }).owner,
      witnesses: event.witnessParties,
    }));

describe('a node of several participants', () => {
  it('gives each participant its own id and parties', async () => {
    const { sv, provider, user } = await startLocalNet();
    const ids = [sv, provider, user].map((each) => each.admin.participantId(unrestrictedCaller));
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toMatch(/^sv::/);
    const bob = await provider.admin.allocateParty(unrestrictedCaller, { partyIdHint: 'bob' });
    expect(provider.participant.parties.get(bob.party)?.isLocal).toBe(true);
    expect(user.participant.parties.get(bob.party)?.isLocal).toBe(false);
    expect(sv.participant.parties.get(bob.party)?.isLocal).toBe(false);
  });

  it('shows a transfer from an app-user party to an app-provider party to each side only on its own participant', async () => {
    const { node, sv, provider, user } = await startLocalNet();
    const { alice, bob, accepted } = await transfer(provider, user);
    // One commit on the synchronizer.
    expect(node.engine.ledgerEnd()).toBe(accepted.offset);
    expect(activeIous(provider)).toEqual([{ owner: bob, witnesses: [bob] }]);
    expect(activeIous(user)).toEqual([{ owner: bob, witnesses: [alice] }]);
    expect(activeIous(sv)).toEqual([]);
    // A party not hosted on a participant sees nothing there, though its contracts exist.
    expect(activeIous(provider, asParty(alice))).toEqual([]);
    expect(activeIous(user, asParty(bob))).toEqual([]);
    const byId = (on: ParticipantNode) =>
      on.reads.updateById(
        unrestrictedCaller,
        { transactions: { filter: anyParty, shape: 'LEDGER_EFFECTS' }, topologyParties: null },
        accepted.updateId,
      );
    const witnessesOn = (on: ParticipantNode) => {
      const view = byId(on);
      if (view.type !== 'transaction') throw new Error('a transaction was expected');
      return [...new Set(view.events.flatMap((event) => event.witnessParties))];
    };
    expect(witnessesOn(provider)).toEqual([bob]);
    expect(witnessesOn(user)).toEqual([alice]);
    expect(() => byId(sv)).toThrow(/UPDATE_NOT_FOUND|Update not found/);
  });

  it("streams each participant's own party allocations and completions only", async () => {
    const { provider, user } = await startLocalNet();
    const { alice, bob } = await transfer(provider, user);
    const allocated = (on: ParticipantNode) =>
      on.reads
        .updatesPage(
          unrestrictedCaller,
          { transactions: null, topologyParties: [] },
          {
            beginExclusive: 0,
            endInclusive: null,
            maxPageSize: 100,
            descending: false,
            pageToken: null,
          },
        )
        .updates.flatMap((update) => (update.type === 'topology' ? update.parties : []));
    expect(allocated(provider)).toEqual([bob]);
    expect(allocated(user)).toEqual([alice]);
    // History replays synchronously on subscription (update-log.projection.ts).
    const completed = (on: ParticipantNode) => {
      const request = { userId: 'localnet-test', parties: [alice, bob], beginExclusive: 0 };
      const seen: string[] = [];
      on.completions
        .completions$(unrestrictedCaller, request)
        .subscribe((completion) => seen.push(completion.submission.commandId))
        .unsubscribe();
      return seen;
    };
    expect(completed(user)).toEqual(['issue', 'offer']);
    expect(completed(provider)).toEqual(['accept']);
  });

  it('brings every participant back on restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-localnet-'));
    dirs.push(dir);
    const first = await startLocalNet(dir);
    const { alice, bob } = await transfer(first.provider, first.user);
    await first.node.close();
    nodes.splice(nodes.indexOf(first.node), 1);
    const again = await startLocalNet(dir);
    expect(again.user.participant.parties.get(alice)?.isLocal).toBe(true);
    expect(again.provider.participant.parties.get(bob)?.isLocal).toBe(true);
    expect(activeIous(again.provider)).toEqual([{ owner: bob, witnesses: [bob] }]);
    expect(activeIous(again.user)).toEqual([{ owner: bob, witnesses: [alice] }]);
  });
});
