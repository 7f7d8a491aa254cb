import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Command,
  createSimulatedClock,
  type SubmitRequest,
  type Value,
} from '@pocketnet/ledger';
import { amuletTemplateIds as ids } from '@pocketnet/splice';
import { afterEach, describe, expect, it } from 'vitest';
import { createNode, type PocketnetNode } from '../node/create-node.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { svPollingIntervalMicros } from './closed-round-settlement.ts';
import { defaultDevnetConfig } from './start-devnet.ts';

const start = 1_767_225_600_000_000n; // 2026-01-01T00:00:00Z
const tick = defaultDevnetConfig.tickMicros;
const nodes: PocketnetNode[] = [];

async function devnetNode(seed = '0', dataDir: string | null = null) {
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir,
    clock: createSimulatedClock(start),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: { ...defaultDevnetConfig, seed },
  });
  nodes.push(node);
  return node;
}

function contracts(node: PocketnetNode, reference: string) {
  const { templateId } = node.packages.resolveTemplate(reference);
  return node.reads
    .activeContracts(
      unrestrictedCaller,
      {
        byParty: new Map(),
        anyParty: {
          wildcard: { includeCreatedEventBlob: false },
          templates: new Map(),
          interfaces: new Map(),
        },
        verbose: false,
      },
      node.reads.ledgerEnd(unrestrictedCaller),
    )
    .filter((entry) => entry.event.node.templateId === templateId)
    .map((entry) => entry.event.node.createArgument as Record<string, Value>);
}
const roundNumbers = (node: PocketnetNode, reference: string) =>
  contracts(node, reference)
    .map((round) => Number((round.round as { number: string }).number))
    .sort((a, b) => a - b);

function contractIdOf(node: PocketnetNode, reference: string): string {
  const { templateId } = node.packages.resolveTemplate(reference);
  const found = [...node.engine.contracts.values()].find(
    (contract) => contract.templateId === templateId,
  );
  if (!found) throw new Error(`no active ${reference}`);
  return found.contractId;
}

function submission(actAs: string[], readAs: string[], command: Command): SubmitRequest {
  return {
    commands: [command],
    userId: 'test',
    commandId: `test-${Math.random()}`,
    submissionId: 'test',
    workflowId: '',
    actAs,
    readAs,
    deduplicationPeriod: { kind: 'empty' },
    disclosedContracts: [],
    synchronizerId: null,
    minLedgerTimeMicros: null,
  };
}

afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
});

describe('a devnet', () => {
  it('starts with the DSO, rules, three open rounds and the validator operator wallet', async () => {
    const node = await devnetNode();
    const devnet = node.devnet;
    expect(devnet?.parties.dso).toMatch(/^DSO::1220[0-9a-f]{64}$/);
    expect(contracts(node, ids.amuletRules)).toHaveLength(1);
    expect(roundNumbers(node, ids.openMiningRound)).toEqual([0, 1, 2]);
    expect(contracts(node, ids.featuredAppRight)).toEqual([
      expect.objectContaining({ provider: devnet?.parties.validatorOperator }),
    ]);
    expect(node.participant.users.get('administrator')?.primaryParty).toBe(
      devnet?.parties.validatorOperator,
    );
  });

  it('gives the same ids for the same seed and other ids for another seed', async () => {
    const [first, second, other] = [
      await devnetNode('7'),
      await devnetNode('7'),
      await devnetNode('8'),
    ];
    expect(first.devnet?.parties).toEqual(second.devnet?.parties);
    expect(other.devnet?.parties.dso).not.toBe(first.devnet?.parties.dso);
    const ids = (node: PocketnetNode) =>
      [...node.engine.contracts.values()].map((c) => c.contractId).sort();
    expect(ids(first)).toEqual(ids(second));
    expect(ids(first).length).toBeGreaterThan(10);
    expect(ids(other)).not.toEqual(ids(first));
  });

  it('opens a round each tick as time moves, and walks old rounds through issuing to archived', async () => {
    const node = await devnetNode();
    const controls = node.devnet?.controls;
    await controls?.advanceTime(unrestrictedCaller, tick);
    expect(roundNumbers(node, ids.openMiningRound)).toEqual([1, 2, 3]);
    expect(roundNumbers(node, ids.issuingMiningRound)).toEqual([0]);
    await controls?.advanceTime(unrestrictedCaller, 3n * tick);
    expect(roundNumbers(node, ids.openMiningRound)).toEqual([4, 5, 6]);
    expect(roundNumbers(node, ids.issuingMiningRound).length).toBeGreaterThan(0);
    expect(roundNumbers(node, ids.issuingMiningRound)[0]).toBeGreaterThan(0);
    // Round 0 closed at this tick; the DSO settles and archives it a little later, as Splice's
    // polling triggers do: its coupons are expired a poll after the close, the round the next.
    expect(roundNumbers(node, ids.closedMiningRound)).toEqual([0]);
    await controls?.advanceTime(unrestrictedCaller, svPollingIntervalMicros);
    expect(roundNumbers(node, ids.closedMiningRound)).toEqual([0]);
    await controls?.advanceTime(unrestrictedCaller, svPollingIntervalMicros);
    expect(roundNumbers(node, ids.closedMiningRound)).toEqual([]);
  });

  it('keeps a closed round until the DSO has expired the coupons it left, then archives it', async () => {
    const node = await devnetNode();
    const controls = node.devnet?.controls;
    const parties = node.devnet?.parties;
    // A validator reward coupon in round 0 that nobody claims while round 0 is issuing.
    await node.engine.submit(
      submission([parties?.dso ?? ''], [], {
        kind: 'create',
        templateId: ids.validatorRewardCoupon,
        createArguments: {
          dso: parties?.dso ?? '',
          user: parties?.validatorOperator ?? '',
          amount: '1.0',
          round: { number: '0' },
        },
      }),
    );
    const couponsOfRound0 = () =>
      contracts(node, ids.validatorRewardCoupon).filter(
        (coupon) => (coupon.round as { number: string }).number === '0',
      );
    await controls?.advanceTime(unrestrictedCaller, 4n * tick);
    expect(roundNumbers(node, ids.closedMiningRound)).toEqual([0]);
    expect(couponsOfRound0()).toHaveLength(1);
    await controls?.advanceTime(unrestrictedCaller, svPollingIntervalMicros);
    expect(couponsOfRound0()).toEqual([]);
    expect(roundNumbers(node, ids.closedMiningRound)).toEqual([0]);
    await controls?.advanceTime(unrestrictedCaller, svPollingIntervalMicros);
    expect(roundNumbers(node, ids.closedMiningRound)).toEqual([]);
  });

  it('advances rounds on request and opens them with the price that was set', async () => {
    const node = await devnetNode();
    const controls = node.devnet?.controls;
    await controls?.setAmuletPrice(unrestrictedCaller, '0.01');
    await controls?.advanceRounds(unrestrictedCaller, 2);
    expect(roundNumbers(node, ids.openMiningRound)).toEqual([2, 3, 4]);
    const prices = contracts(node, ids.openMiningRound).map((round) => round.amuletPrice);
    expect(prices.filter((price) => price === '0.0100000000')).toHaveLength(2);
    expect(node.clock.nowMicros()).toBe(start + 2n * tick);
  });

  it('restarts from its journal without creating the network again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-devnet-'));
    const first = await devnetNode('0', dir);
    await first.devnet?.controls.advanceRounds(unrestrictedCaller, 1);
    const end = first.engine.ledgerEnd();
    await first.close();
    nodes.splice(nodes.indexOf(first), 1);
    const second = await devnetNode('0', dir);
    expect(second.engine.ledgerEnd()).toBe(end);
    expect(roundNumbers(second, ids.openMiningRound)).toEqual([1, 2, 3]);
    expect(contracts(second, ids.amuletRules)).toHaveLength(1);
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps its time and the price that was set across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-devnet-'));
    const first = await devnetNode('0', dir);
    await first.devnet?.controls.setAmuletPrice(unrestrictedCaller, '0.02');
    await first.devnet?.controls.advanceTime(unrestrictedCaller, 3n * tick + 7n);
    const movedTo = first.clock.nowMicros();
    await first.close();
    nodes.splice(nodes.indexOf(first), 1);
    // The simulated base starts again where it started, as a wall clock would go on.
    const second = await devnetNode('0', dir);
    expect(second.clock.nowMicros()).toBe(movedTo);
    expect(second.devnet?.controls.amuletPrice()).toBe('0.0200000000');
    await second.devnet?.controls.advanceRounds(unrestrictedCaller, 1);
    const prices = contracts(second, ids.openMiningRound).map((round) => round.amuletPrice);
    expect(prices).toContain('0.0200000000');
    await rm(dir, { recursive: true, force: true });
  });

  it('archives dust once its holding fee has eaten it, and only then', async () => {
    const node = await devnetNode();
    const parties = node.devnet?.parties;
    const ruleCid = contractIdOf(node, ids.amuletRules);
    const roundCid = contractIdOf(node, ids.openMiningRound);
    // 0.01 CC at 0.0038051800 CC per round (1 USD/year at 0.005 USD/CC) is gone after 3 rounds.
    await node.engine.submit(
      submission([parties?.validatorOperator ?? ''], [parties?.dso ?? ''], {
        kind: 'exercise',
        templateId: ids.amuletRules,
        contractId: ruleCid,
        choice: 'AmuletRules_DevNet_Tap',
        choiceArgument: {
          receiver: parties?.validatorOperator ?? '',
          amount: '0.01',
          openRound: roundCid,
        },
      }),
    );
    expect(contracts(node, ids.amulet)).toHaveLength(1);
    // Splice's expiry (Amulet_ExpireV2, splice-amulet 0.1.17 on) judges by the older of the two
    // newest ExternalPartyConfigStates' rounds, which move on once a day: five rounds on, the
    // eaten amulet is still there; two days on, the config states have passed its round.
    await node.devnet?.controls.advanceRounds(unrestrictedCaller, 5);
    expect(contracts(node, ids.amulet)).toHaveLength(1);
    await node.devnet?.controls.advanceTime(unrestrictedCaller, 2n * 86_400_000_000n);
    expect(contracts(node, ids.amulet)).toHaveLength(0);
  });

  it('refuses to move time backwards', async () => {
    const node = await devnetNode();
    await expect(node.devnet?.controls.setTime(unrestrictedCaller, start - 1n)).rejects.toThrow(
      /forward/,
    );
  });
});
