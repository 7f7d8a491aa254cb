import { formatMicros, internalSubmission, type Value } from '@pocketnet/ledger';
import { mergeReferences, walletReferences } from '@pocketnet/splice';
import { describe, expect, it } from 'vitest';
import { hourMicros, startMicros } from '../../testing/actor-node.test-helper.ts';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { sectionsThreeWays } from './sections-harness.ts';

const backgroundErrors: unknown[] = [];
const config = {
  participantName: 'participant1',
  synchronizerName: 'global-domain',
  ledgerApiVersion: '3.4.12',
  devnet: { ...defaultDevnetConfig, seed: '0' },
  startMicros,
  onBackgroundError: (error: unknown) => backgroundErrors.push(error),
};

const ours = (name: string) =>
  name.startsWith('actors.') || name.startsWith('automation.') || name.startsWith('devnet.');

/** Workflows of every kind the inspector shows: offers accepted, expired and pending, rounds. */
async function workflows(node: PocketnetNode): Promise<void> {
  const parties = node.devnet?.parties;
  if (!parties) throw new Error('no devnet');
  const party = async (hint: string) =>
    (await node.admin.allocateParty(unrestrictedCaller, { partyIdHint: hint })).party;
  const alice = await party('alice');
  const bob = await party('bob');
  let commands = 0;
  const submit = (actAs: string, command: Parameters<typeof internalSubmission>[0]['commands']) => {
    commands += 1;
    return node.engine.submit(
      internalSubmission({
        commands: command,
        userId: 'sections-test',
        commandId: `sections-${commands}`,
        actAs: [actAs],
        readAs: [parties.dso],
      }),
    );
  };
  const offer = async (trackingId: string, expiresInMicros: bigint) => {
    const createArguments = {
      sender: alice,
      receiver: bob,
      dso: parties.dso,
      amount: { amount: '10.0', unit: 'AmuletUnit' },
      description: 'lunch',
      expiresAt: formatMicros(node.clock.nowMicros() + expiresInMicros),
      trackingId,
    } as Value;
    const templateId = walletReferences.transferOffer;
    const record = await submit(alice, [{ kind: 'create', templateId, createArguments }]);
    return record.nodes.find((created) => created.kind === 'created')?.contractId ?? '';
  };
  const accepted = await offer('accepted', 24n * hourMicros);
  await submit(bob, [
    {
      kind: 'exercise',
      templateId: walletReferences.transferOffer,
      contractId: accepted,
      choice: 'TransferOffer_Accept',
      choiceArgument: {},
    },
  ]);
  await offer('expired', hourMicros);
  await submit(alice, [
    {
      kind: 'create',
      templateId: mergeReferences.mergeDelegationProposal,
      createArguments: {
        delegation: { operator: parties.validatorOperator, owner: alice, meta: { values: {} } },
      },
    },
  ]);
  // Rounds advance, and the first offer's timer fires on the clock, with no record after it.
  await node.devnet?.controls.advanceTime(unrestrictedCaller, 2n * hourMicros);
  // Pending at the save: its timer falls due two hours on.
  await offer('pending', 2n * hourMicros);
}

const inspected = (node: PocketnetNode) =>
  node.actors
    .list(unrestrictedCaller)
    .map((summary) => node.actors.get(unrestrictedCaller, summary.id));

describe('the actors’ and automations’ state sections', () => {
  it('save the same live, replayed and restored, and the restored actors answer and fire alike', async () => {
    const ways = await sectionsThreeWays(config, workflows, { only: ours });
    const { replayed, restored } = ways.nodes;
    try {
      expect(Object.keys(ways.live).sort()).toEqual([
        expect.stringMatching(/^actors\.registry:participant1::/),
        expect.stringMatching(/^automation\.index:participant1::/),
        expect.stringMatching(/^automation\.traffic-meter:PAR::participant1::/),
        'devnet.time',
        'devnet.transfer-commands',
      ]);
      expect(ways.replayed).toEqual(ways.live);
      expect(ways.restored).toEqual(ways.live);

      const consumed = replayed.automation.traffic.status().consumed;
      expect(consumed).toBeGreaterThan(0n);
      expect(restored.automation.traffic.status().consumed).toBe(consumed);

      const before = inspected(replayed);
      const states = before.map((actor) => `${actor?.machine}:${actor?.state}`);
      expect(states).toContain('transfer-offer:expired');
      expect(states).toContain('transfer-offer:open.created');
      expect(states.filter((state) => state.startsWith('mining-round:')).length).toBeGreaterThan(3);
      expect(inspected(restored)).toEqual(before);
      const pending = before.find((actor) => actor?.trackingId === 'pending');
      if (!pending) throw new Error('no pending offer');
      expect(
        restored.actors.findByTrackingId(unrestrictedCaller, 'transfer-offer', 'pending'),
      ).toEqual(pending);
      expect(
        restored.actors.findByContract(unrestrictedCaller, pending.contractIds[0] ?? ''),
      ).toEqual(pending);

      // Past the pending offer's expiry, its timer fires on both, the same way.
      for (const node of [replayed, restored])
        node.clock.resumeFrom(node.clock.nowMicros() + 3n * hourMicros);
      const fired = replayed.actors.get(unrestrictedCaller, pending.id);
      expect(fired?.state).toBe('expired');
      expect(restored.actors.get(unrestrictedCaller, pending.id)).toEqual(fired);
      expect(inspected(restored)).toEqual(inspected(replayed));
      expect(backgroundErrors).toEqual([]);
    } finally {
      await replayed.close();
      await restored.close();
    }
  });

  it('keep one of each per participant on LocalNet, each the same three ways', async () => {
    const localnet = {
      ...config,
      participantName: 'sv',
      participants: ['app-provider', 'app-user'],
      validatorApps: [
        { participant: 'app-provider', partyHint: 'provider', walletUsers: ['provider'] },
        { participant: 'app-user', partyHint: 'user', walletUsers: ['user'] },
      ],
    };
    const ways = await sectionsThreeWays(
      localnet,
      async (node) => {
        await node.devnet?.controls.advanceTime(unrestrictedCaller, hourMicros);
      },
      { only: ours },
    );
    const { replayed, restored } = ways.nodes;
    try {
      const names = Object.keys(ways.live);
      for (const prefix of ['actors.registry:', 'automation.index:', 'automation.traffic-meter:']) {
        expect(names.filter((name) => name.startsWith(prefix))).toHaveLength(3);
      }
      expect(ways.replayed).toEqual(ways.live);
      expect(ways.restored).toEqual(ways.live);
      for (const [index, app] of restored.validatorApps.entries()) {
        const list = app.actors.list(unrestrictedCaller);
        expect(list.length).toBeGreaterThan(0);
        expect(list).toEqual(replayed.validatorApps[index]?.actors.list(unrestrictedCaller));
      }
      expect(backgroundErrors).toEqual([]);
    } finally {
      await replayed.close();
      await restored.close();
    }
  });
});
