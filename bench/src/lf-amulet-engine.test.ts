import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLfAmuletEngine } from './lf-amulet-engine.ts';
import {
  activeOf,
  type DevnetNode,
  exerciseCommand,
  genesisMicros,
  latestOpenRound,
  spliceRefs,
  startDevnetNode,
  submitAs,
} from './splice-devnet.ts';

// Splice's own AmuletRules code (splice-amulet 0.1.20) run by the Daml-LF engine: round
// bootstrap, a DevNet tap and a 2-in/2-out transfer, as the LF side of the transfer benchmark.

type Body = { readonly initialAmount: string };

let devnet: DevnetNode;
beforeAll(async () => {
  devnet = await startDevnetNode();
});
afterAll(() => devnet.node.close());

const templatesOf = (record: { nodes: readonly { kind: string; templateId: string }[] }) =>
  record.nodes.map(
    (node) => `${node.kind} ${node.templateId.slice(node.templateId.indexOf(':') + 1)}`,
  );

it("runs Splice's real AmuletRules_Transfer", async () => {
  const { engine, parties, rulesCid } = await startLfAmuletEngine(devnet, ['alice', 'bob']);
  const [alice = '', bob = ''] = parties;
  const openRound = latestOpenRound(engine, genesisMicros);
  const rules = spliceRefs.amuletRules;
  const reading = { actAs: [alice], readAs: [devnet.dso] };
  const tap = { receiver: alice, amount: '100.0', openRound };
  const tapped = await submitAs(engine, reading, [
    exerciseCommand(rules, rulesCid, 'AmuletRules_DevNet_Tap', tap),
  ]);
  const [coin] = tapped.nodes.filter((node) => node.kind === 'created');
  expect(coin?.templateId).toMatch(/:Splice\.Amulet:Amulet$/);
  const output = { receiver: bob, receiverFeeRatio: '0.0', amount: '1.0', lock: null };
  const argument = {
    transfer: {
      sender: alice,
      provider: alice,
      inputs: [{ tag: 'InputAmulet', value: coin?.contractId ?? '' }],
      outputs: [output],
      beneficiaries: null,
    },
    context: {
      openMiningRound: openRound,
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: null,
    },
    expectedDso: devnet.dso,
  };
  const transfer = await submitAs(engine, { actAs: [alice, bob], readAs: [devnet.dso] }, [
    exerciseCommand(rules, rulesCid, 'AmuletRules_Transfer', argument),
  ]);
  expect(templatesOf(transfer)).toEqual([
    'exercised Splice.AmuletRules:AmuletRules',
    'exercised Splice.Amulet:Amulet',
    'created Splice.Amulet:Amulet',
    'created Splice.Amulet:Amulet',
  ]);
  const amounts = transfer.nodes.flatMap((node) =>
    node.kind === 'created' ? [node.createArgument as { owner: string; amount: Body }] : [],
  );
  const received = amounts.find((payload) => payload.owner === bob);
  expect(received?.amount.initialAmount).toBe('1.0000000000');
});

it("rejects a transfer Splice's code refuses, with its Daml error", async () => {
  const { engine, parties, rulesCid } = await startLfAmuletEngine(devnet, ['carol', 'dave']);
  const [carol = '', dave = ''] = parties;
  const openRound = latestOpenRound(engine, genesisMicros);
  const argument = {
    transfer: {
      sender: carol,
      provider: carol,
      inputs: [],
      outputs: [{ receiver: dave, receiverFeeRatio: '0.0', amount: '5.0', lock: null }],
      beneficiaries: null,
    },
    context: {
      openMiningRound: openRound,
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: null,
    },
    expectedDso: devnet.dso,
  };
  const refused = submitAs(engine, { actAs: [carol, dave], readAs: [devnet.dso] }, [
    exerciseCommand(spliceRefs.amuletRules, rulesCid, 'AmuletRules_Transfer', argument),
  ]);
  await expect(refused).rejects.toMatchObject({
    code: 'DAML_FAILURE',
    message: expect.stringMatching(
      /^Interpretation error: Error: User failure: \S+ \(error category \d\): Insufficient funds/,
    ),
  });
  expect(
    [...engine.contracts.values()].some((contract) =>
      contract.templateId.endsWith(':Splice.Amulet:Amulet'),
    ),
  ).toBe(false);
});

it("refuses a transfer on a round that has not opened yet: Splice's ledger time check", async () => {
  const { engine, parties, rulesCid } = await startLfAmuletEngine(devnet, ['erin', 'frank']);
  const [erin = '', frank = ''] = parties;
  const rules = spliceRefs.amuletRules;
  const openRound = latestOpenRound(engine, genesisMicros);
  const tap = { receiver: erin, amount: '100.0', openRound };
  const tapped = await submitAs(engine, { actAs: [erin], readAs: [devnet.dso] }, [
    exerciseCommand(rules, rulesCid, 'AmuletRules_DevNet_Tap', tap),
  ]);
  const [coin] = tapped.nodes.filter((node) => node.kind === 'created');
  // Splice compares the ledger time with the round's opensAt (isLedgerTimeGE, an LT negated).
  const future = activeOf(engine, spliceRefs.openMiningRound).find(
    (contract) =>
      BigInt(Date.parse((contract.createArgument as { opensAt: string }).opensAt)) * 1000n >
      genesisMicros,
  );
  expect(future).toBeDefined();
  const argument = {
    transfer: {
      sender: erin,
      provider: erin,
      inputs: [{ tag: 'InputAmulet', value: coin?.contractId ?? '' }],
      outputs: [{ receiver: frank, receiverFeeRatio: '0.0', amount: '1.0', lock: null }],
      beneficiaries: null,
    },
    context: {
      openMiningRound: future?.contractId ?? '',
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: null,
    },
    expectedDso: devnet.dso,
  };
  const refused = submitAs(engine, { actAs: [erin, frank], readAs: [devnet.dso] }, [
    exerciseCommand(rules, rulesCid, 'AmuletRules_Transfer', argument),
  ]);
  await expect(refused).rejects.toMatchObject({
    code: 'DAML_FAILURE',
    message: expect.stringMatching(
      /User failure: stdlib\.daml\.com\/deadline-not-exceeded .*opensAt/,
    ),
  });
});
