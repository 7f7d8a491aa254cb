import { formatMicros, internalSubmission, saveSections, type Value } from '@pocketnet/ledger';
import {
  externalReferences,
  mergeReferences,
  transferCommandReferences,
  walletReferences,
} from '@pocketnet/splice';
import { describe, expect, it } from 'vitest';
import { hourMicros, startMicros } from '../../testing/actor-node.test-helper.ts';
import { localnetWithAppValidators } from '../../testing/localnet-node.test-helper.ts';
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

type Commands = Parameters<typeof internalSubmission>[0]['commands'];

const localnetConfig = { ...config, ...localnetWithAppValidators };

/** Submissions to a devnet node as `actAs`, reading as the DSO; its parties. */
function callsOf(node: PocketnetNode) {
  const parties = node.devnet?.parties;
  if (!parties) throw new Error('no devnet');
  let submitted = 0;
  return {
    parties,
    party: async (hint: string) =>
      (await node.admin.allocateParty(unrestrictedCaller, { partyIdHint: hint })).party,
    submit(actAs: string, commands: Commands) {
      submitted += 1;
      const commandId = `sections-${submitted}`;
      const readAs = [parties.dso];
      const userId = 'sections-test';
      return node.engine.submit(
        internalSubmission({ commands, userId, commandId, actAs: [actAs], readAs }),
      );
    },
    exercise: (actAs: string, templateId: string, contractId: string, choice: string) => ({
      on: (choiceArgument: Value) =>
        node.engine.submit(
          internalSubmission({
            commands: [{ kind: 'exercise', templateId, contractId, choice, choiceArgument }],
            userId: 'sections-test',
            commandId: `sections-${++submitted}`,
            actAs: [actAs],
            readAs: [parties.dso],
          }),
        ),
    }),
  };
}

const activeOf = (node: PocketnetNode, reference: string) => {
  const { templateId } = node.packages.resolveTemplate(reference);
  return [...node.engine.contracts.values()].filter(
    (contract) => contract.templateId === templateId,
  );
};

/**
 * Two TransferCommands of alice's: the DSO's automation creates her counter and sends the
 * first (to bob, who has no preapproval: it fails as a result, as in Splice); the second's
 * nonce is ahead of the counter, so it stays pending.
 */
async function transferCommands(
  node: PocketnetNode,
  calls: ReturnType<typeof callsOf>,
  parties: { readonly alice: string; readonly bob: string },
): Promise<void> {
  const { alice, bob } = parties;
  const [rules] = activeOf(node, externalReferences.externalPartyAmuletRules);
  const command = (nonce: string) =>
    calls
      .exercise(
        alice,
        externalReferences.externalPartyAmuletRules,
        rules?.contractId ?? '',
        'ExternalPartyAmuletRules_CreateTransferCommand',
      )
      .on({
        sender: alice,
        receiver: bob,
        delegate: calls.parties.dso,
        amount: '10.0',
        expiresAt: formatMicros(node.clock.nowMicros() + 24n * hourMicros),
        nonce,
        description: null,
        expectedDso: calls.parties.dso,
      });
  await command('0');
  const sent = () => activeOf(node, transferCommandReferences.transferCommand).length === 0;
  for (let wait = 0; wait < 200 && !sent(); wait += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(sent()).toBe(true);
  await command('5');
}

/** Workflows of every kind the inspector shows: offers accepted, expired and pending, rounds. */
async function workflows(node: PocketnetNode): Promise<void> {
  const calls = callsOf(node);
  const alice = await calls.party('alice');
  const bob = await calls.party('bob');
  const templateId = walletReferences.transferOffer;
  const offer = async (trackingId: string, expiresInMicros: bigint) => {
    const createArguments = {
      sender: alice,
      receiver: bob,
      dso: calls.parties.dso,
      amount: { amount: '10.0', unit: 'AmuletUnit' },
      description: 'lunch',
      expiresAt: formatMicros(node.clock.nowMicros() + expiresInMicros),
      trackingId,
    } as Value;
    const record = await calls.submit(alice, [{ kind: 'create', templateId, createArguments }]);
    return record.nodes.find((created) => created.kind === 'created')?.contractId ?? '';
  };
  const accepted = await offer('accepted', 24n * hourMicros);
  await calls.exercise(bob, templateId, accepted, 'TransferOffer_Accept').on({});
  await offer('expired', hourMicros);
  const delegation = {
    operator: calls.parties.validatorOperator,
    owner: alice,
    meta: { values: {} },
  };
  await calls.submit(alice, [
    {
      kind: 'create',
      templateId: mergeReferences.mergeDelegationProposal,
      createArguments: { delegation },
    },
  ]);
  // Rounds advance, and the first offer's timer fires on the clock, with no record after it.
  await node.devnet?.controls.advanceTime(unrestrictedCaller, 2n * hourMicros);
  // Pending at the save: its timer falls due two hours on.
  await offer('pending', 2n * hourMicros);
  await transferCommands(node, calls, { alice, bob });
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
        expect.stringMatching(/^actors\.registry\.participant1::/),
        expect.stringMatching(/^automation\.index\.participant1::/),
        expect.stringMatching(/^automation\.traffic-meter\.PAR::participant1::/),
        'devnet.time',
        'devnet.transfer-commands',
      ]);
      expect(ways.live['devnet.transfer-commands']).toEqual({
        commands: [expect.objectContaining({ kind: 'created' })],
        counters: [expect.objectContaining({ kind: 'created' })],
      });
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

      // Restored, the actors and their timers still go back with a rollback.
      const mark = restored.undo.mark();
      const nowMicros = restored.clock.nowMicros();
      restored.clock.resumeFrom(nowMicros + 3n * hourMicros);
      expect(restored.actors.get(unrestrictedCaller, pending.id)?.state).toBe('expired');
      restored.undo.rollback(mark);
      restored.undo.release(mark);
      restored.clock.rewindTo(nowMicros);
      expect(inspected(restored)).toEqual(before);

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
    const ways = await sectionsThreeWays(
      localnetConfig,
      async (node) => {
        await node.devnet?.controls.advanceTime(unrestrictedCaller, hourMicros);
      },
      { only: ours },
    );
    const { replayed, restored } = ways.nodes;
    try {
      const names = Object.keys(ways.live);
      for (const prefix of ['actors.registry.', 'automation.index.', 'automation.traffic-meter.']) {
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

  it('start a fully restored devnet’s background work as after a replay: rounds, timers, transfers', async () => {
    const ways = await sectionsThreeWays(config, workflows);
    const { replayed, restored } = ways.nodes;
    try {
      expect(ways.restored).toEqual(ways.replayed);
      expect(restored.devnet?.parties).toEqual(replayed.devnet?.parties);
      expect(restored.clock.nowMicros()).toBe(replayed.clock.nowMicros());
      // The rounds go on, and the pending offer's timer fires, the same on both.
      for (const node of [replayed, restored]) {
        await node.devnet?.controls.advanceTime(unrestrictedCaller, 3n * hourMicros);
      }
      expect(restored.engine.ledgerEnd()).toBe(replayed.engine.ledgerEnd());
      expect(inspected(restored)).toEqual(inspected(replayed));
      const pending = restored.actors.findByTrackingId(
        unrestrictedCaller,
        'transfer-offer',
        'pending',
      );
      expect(pending?.state).toBe('expired');
      expect(saveSections(restored.undo)).toEqual(saveSections(replayed.undo));
      expect(backgroundErrors).toEqual([]);
    } finally {
      await replayed.close();
      await restored.close();
    }
  });

  it('start a fully restored LocalNet’s app validators as after a replay', async () => {
    const ways = await sectionsThreeWays(localnetConfig, async (node) => {
      await node.devnet?.controls.advanceTime(unrestrictedCaller, hourMicros);
    });
    const { replayed, restored } = ways.nodes;
    try {
      expect(ways.restored).toEqual(ways.replayed);
      for (const node of [replayed, restored]) {
        await node.devnet?.controls.advanceTime(unrestrictedCaller, hourMicros);
      }
      expect(restored.engine.ledgerEnd()).toBe(replayed.engine.ledgerEnd());
      for (const [index, app] of restored.validatorApps.entries()) {
        const list = app.actors.list(unrestrictedCaller);
        expect(list).toEqual(replayed.validatorApps[index]?.actors.list(unrestrictedCaller));
      }
      expect(saveSections(restored.undo)).toEqual(saveSections(replayed.undo));
      expect(backgroundErrors).toEqual([]);
    } finally {
      await replayed.close();
      await restored.close();
    }
  });
});
