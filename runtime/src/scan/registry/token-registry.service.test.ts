import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import {
  type Command,
  createSimulatedClock,
  encodeContractBlob,
  formatMicros,
  parseNumeric,
  type SubmitRequest,
  type Value,
} from '@pocketnet/ledger';
import { amuletTemplateIds as ids } from '@pocketnet/splice';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDevnetConfig } from '../../devnet/start-devnet.ts';
import { createNode, type PocketnetNode } from '../../node/create-node.ts';
import { unrestrictedCaller } from '../../services/caller.ts';
import type { RegistryChoiceContext } from './registry-choice-context.ts';

// The registry service on a devnet node, in process: its total supply against the active
// contract set (through taps, locks and dust expiry, and across a restart), the round it picks,
// and its transfer context used for a real TransferFactory_Transfer.

const start = 1_767_225_600_000_000n; // 2026-01-01T00:00:00Z
const dayMicros = 86_400_000_000n;
const transferFactoryId =
  '#splice-api-token-transfer-instruction-v1:Splice.Api.Token.TransferInstructionV1:TransferFactory';
const nodes: PocketnetNode[] = [];

async function devnetNode(dataDir: string | null = null) {
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir,
    clock: createSimulatedClock(start),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
  });
  nodes.push(node);
  return node;
}

afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
});

let commands = 0;
function submit(
  node: PocketnetNode,
  request: Pick<SubmitRequest, 'actAs' | 'disclosedContracts'>,
  command: Command,
) {
  commands += 1;
  return node.engine.submit({
    commands: [command],
    userId: 'registry-test',
    commandId: `registry-test-${commands}`,
    submissionId: 'registry-test',
    workflowId: '',
    readAs: [],
    deduplicationPeriod: { kind: 'empty' },
    synchronizerId: null,
    minLedgerTimeMicros: null,
    ...request,
  });
}

const disclosedOf = (context: RegistryChoiceContext) =>
  context.disclosed.map((node) => ({
    templateId: node.templateId,
    contractId: node.contractId,
    createdEventBlob: encodeContractBlob(node),
    synchronizerId: context.synchronizerId,
  }));

const contractValue = (context: RegistryChoiceContext, key: string) => {
  const value = context.values[key];
  if (value?.tag !== 'AV_ContractId') throw new Error(`no contract under ${key}`);
  return value.value;
};

/** The operator taps `amount` with the registry's AmuletRules and open round, disclosed. */
async function tap(node: PocketnetNode, amount: string): Promise<string> {
  const operator = node.devnet?.parties.validatorOperator ?? '';
  const { choiceContext } = node.scan.registry.allocationFactory();
  const record = await submit(
    node,
    { actAs: [operator], disclosedContracts: disclosedOf(choiceContext) },
    {
      kind: 'exercise',
      templateId: ids.amuletRules,
      contractId: contractValue(choiceContext, 'amulet-rules'),
      choice: 'AmuletRules_DevNet_Tap',
      choiceArgument: {
        receiver: operator,
        amount,
        openRound: contractValue(choiceContext, 'open-round'),
      },
    },
  );
  const created = record.nodes.find(
    (each) => each.kind === 'created' && each.templateId.endsWith(':Splice.Amulet:Amulet'),
  );
  return created?.contractId ?? '';
}

/** Sum of the initial amounts of active Amulets and LockedAmulets, read from the ACS. */
function supplyOfAcs(node: PocketnetNode): bigint {
  const amulet = node.packages.resolveTemplate(ids.amulet).templateId;
  const locked = node.packages.resolveTemplate(ids.lockedAmulet).templateId;
  return [...node.engine.contracts.values()]
    .map((contract) => {
      const payload = contract.createArgument as Record<string, Value>;
      if (contract.templateId === amulet) return payload.amount;
      if (contract.templateId === locked) return (payload.amulet as Record<string, Value>).amount;
      return null;
    })
    .reduce<bigint>((sum, amount) => {
      const initial = (amount as { initialAmount?: string } | null)?.initialAmount;
      return initial === undefined ? sum : sum + parseNumeric(initial);
    }, 0n);
}

const supplyOf = (node: PocketnetNode) =>
  parseNumeric(node.scan.registry.instrument('Amulet').totalSupply ?? 'NaN');

describe('the token registry service', () => {
  test.prop([fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 4 })], {
    numRuns: 4,
  })(
    'sums the amulets of the ACS through taps, a locked offer, dust expiry and a restart',
    async (cents) => {
      const dir = await mkdtemp(join(tmpdir(), 'pocketnet-registry-'));
      const node = await devnetNode(dir);
      const coins: string[] = [];
      for (const amount of cents) coins.push(await tap(node, (amount / 100).toFixed(2)));
      await tap(node, '0.01'); // dust, gone after a few rounds
      expect(supplyOf(node)).toBe(supplyOfAcs(node));
      await offer(node, coins);
      expect(supplyOf(node)).toBe(supplyOfAcs(node));
      await node.devnet?.controls.advanceRounds(unrestrictedCaller, 5);
      expect(supplyOf(node)).toBe(supplyOfAcs(node));
      const before = node.scan.registry.instrument('Amulet');
      await node.close();
      nodes.splice(nodes.indexOf(node), 1);
      const restarted = await devnetNode(dir);
      expect(restarted.scan.registry.instrument('Amulet')).toEqual(before);
      await rm(dir, { recursive: true, force: true });
    },
  );

  it('picks the open round with the highest number whose opensAt has come', async () => {
    const node = await devnetNode();
    const picked: number[] = [];
    for (let step = 0; step < 4; step += 1) {
      const now = formatMicros(node.clock.nowMicros());
      const { choiceContext } = node.scan.registry.allocationFactory();
      const chosen = choiceContext.disclosed.find(
        (each) => each.contractId === contractValue(choiceContext, 'open-round'),
      );
      if (chosen === undefined) throw new Error('the open round is not disclosed');
      const opened = [...node.engine.contracts.values()]
        .filter((contract) => contract.templateId === chosen.templateId)
        .map(
          (contract) => contract.createArgument as { round: { number: string }; opensAt: string },
        )
        .filter((round) => round.opensAt <= now)
        .map((round) => Number(round.round.number));
      picked.push(Number((chosen.createArgument.round as { number: string }).number));
      expect(picked.at(-1)).toBe(Math.max(...opened));
      await node.devnet?.controls.advanceTime(
        unrestrictedCaller,
        defaultDevnetConfig.tickMicros / 2n,
      );
    }
    expect(new Set(picked).size).toBeGreaterThan(1);
  });
});

/** Offers most of the coins to the DSO's SV through the registry's transfer factory. */
async function offer(node: PocketnetNode, coins: readonly string[]) {
  const parties = node.devnet?.parties;
  const operator = parties?.validatorOperator ?? '';
  const receiver = parties?.sv ?? '';
  const factory = node.scan.registry.transferFactory({ sender: operator, receiver });
  expect(factory.transferKind).toBe('offer');
  const now = node.clock.nowMicros();
  const record = await submit(
    node,
    { actAs: [operator], disclosedContracts: disclosedOf(factory.choiceContext) },
    {
      kind: 'exercise',
      templateId: transferFactoryId,
      contractId: factory.factoryId,
      choice: 'TransferFactory_Transfer',
      choiceArgument: {
        expectedAdmin: parties?.dso ?? '',
        transfer: {
          sender: operator,
          receiver,
          amount: '0.01',
          instrumentId: { admin: parties?.dso ?? '', id: 'Amulet' },
          requestedAt: formatMicros(now),
          executeBefore: formatMicros(now + dayMicros),
          inputHoldingCids: [...coins],
          meta: { values: {} },
        },
        extraArgs: { context: { values: factory.choiceContext.values }, meta: { values: {} } },
      },
    },
  );
  expect(record.nodes.some((each) => each.templateId.endsWith(':LockedAmulet'))).toBe(true);
}
