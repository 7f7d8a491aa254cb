import type { LedgerEngine, TransactionRecord } from '@pocketnet/ledger';
import { envInteger } from './bench-config.ts';
import { type BenchLine, type BenchResult, formatCount, infoLine, statusOf } from './bench-line.ts';
import { renderTable } from './report-table.ts';
import {
  allocate,
  exerciseCommand,
  genesisMicros,
  latestOpenRound,
  spliceRefs,
  startBareAmuletEngine,
  startDevnetNode,
  submitAs,
} from './splice-devnet.ts';

// In-engine AmuletRules_Transfer with 2 inputs and 2 outputs (1.0 to a receiver, 10.0 back to
// the sender, plus the sender's change), each transfer spending the two amulets the previous one
// left the sender: on a bare engine (memory journal, nothing published), to measure the engine
// alone, and on a whole devnet node.

const targetPerSecond = 10_000;

export function readAmuletTransferConfig() {
  return {
    transfers: envInteger('BENCH_AMULET_TRANSFERS', 20_000),
    concurrency: envInteger('BENCH_AMULET_CONCURRENCY', 100),
    repeats: envInteger('BENCH_AMULET_REPEATS', 3),
  };
}

export type AmuletTransferConfig = ReturnType<typeof readAmuletTransferConfig>;

export type TransferLedger = {
  readonly engine: Pick<LedgerEngine, 'submit'>;
  readonly dso: string;
  readonly alice: string;
  readonly bob: string;
  readonly rulesCid: string;
  readonly openRound: string;
};

const amuletsOf = (record: TransactionRecord, owner: string) =>
  record.nodes.flatMap((node) =>
    node.kind === 'created' &&
    node.templateId.endsWith(':Splice.Amulet:Amulet') &&
    (node.createArgument as { owner: string }).owner === owner
      ? [node.contractId]
      : [],
  );

function rules(ledger: TransferLedger, actAs: string[], choice: string, argument: unknown) {
  const parties = { actAs, readAs: [ledger.dso] };
  const command = exerciseCommand(
    spliceRefs.amuletRules,
    ledger.rulesCid,
    choice,
    argument as never,
  );
  return submitAs(ledger.engine, parties, [command]);
}

/** Two fresh amulets of the sender, the inputs of a chain of transfers. */
async function tapTwo(ledger: TransferLedger): Promise<string[]> {
  const tap = { receiver: ledger.alice, amount: '1000000.0', openRound: ledger.openRound };
  const coins: string[] = [];
  for (let index = 0; index < 2; index++) {
    const record = await rules(ledger, [ledger.alice], 'AmuletRules_DevNet_Tap', tap);
    coins.push(...amuletsOf(record, ledger.alice));
  }
  return coins;
}

function transferArgument(ledger: TransferLedger, coins: readonly string[]) {
  const pay = (receiver: string, amount: string) => ({
    receiver,
    receiverFeeRatio: '0.0',
    amount,
    lock: null,
  });
  return {
    transfer: {
      sender: ledger.alice,
      provider: ledger.alice,
      inputs: coins.map((value) => ({ tag: 'InputAmulet', value })),
      outputs: [pay(ledger.bob, '1.0'), pay(ledger.alice, '10.0')],
      beneficiaries: null,
    },
    context: {
      openMiningRound: ledger.openRound,
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: null,
    },
    expectedDso: ledger.dso,
  };
}

export type Rate = { readonly perSecond: number; readonly perCpuSecond: number };

/** `transfers` transfers over `chains` chains of coins, one transfer in flight per chain. */
export async function measure(
  ledger: TransferLedger,
  transfers: number,
  chains: number,
): Promise<Rate> {
  const inputs = await Promise.all(Array.from({ length: chains }, () => tapTwo(ledger)));
  const perChain = Math.ceil(transfers / chains);
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    inputs.map(async (first) => {
      let coins = first;
      for (let index = 0; index < perChain; index++) {
        const argument = transferArgument(ledger, coins);
        const actAs = [ledger.alice, ledger.bob];
        coins = amuletsOf(
          await rules(ledger, actAs, 'AmuletRules_Transfer', argument),
          ledger.alice,
        );
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const total = perChain * chains;
  return { perSecond: total / seconds, perCpuSecond: total / ((used.user + used.system) / 1e6) };
}

/** The middle run of `repeats` by transfers per second, each on the same ledger. */
export async function medianOf(repeats: number, run: () => Promise<Rate>): Promise<Rate> {
  const rates: Rate[] = [];
  for (let index = 0; index < repeats; index++) rates.push(await run());
  rates.sort((a, b) => a.perSecond - b.perSecond);
  const middle = rates[Math.floor(rates.length / 2)];
  if (!middle) throw new Error('no run');
  return middle;
}

export async function bareEngineLedger(): Promise<TransferLedger> {
  const devnet = await startDevnetNode();
  const { engine, parties, rulesCid } = await startBareAmuletEngine(devnet, ['alice', 'bob']);
  await devnet.node.close();
  const [alice = '', bob = ''] = parties;
  const openRound = latestOpenRound(engine, genesisMicros);
  return { engine, dso: devnet.dso, alice, bob, rulesCid, openRound };
}

async function nodeLedger() {
  const devnet = await startDevnetNode();
  const { node } = devnet;
  const [rules] = [...node.engine.contracts.values()].filter((contract) =>
    contract.templateId.endsWith(':Splice.AmuletRules:AmuletRules'),
  );
  const ledger: TransferLedger = {
    engine: node.engine,
    dso: devnet.dso,
    alice: await allocate(node, 'alice'),
    bob: await allocate(node, 'bob'),
    rulesCid: rules?.contractId ?? '',
    openRound: latestOpenRound(node.engine, node.clock.nowMicros()),
  };
  return { ledger, close: () => node.close() };
}

const targetLine = (name: string, rate: Rate): BenchLine => ({
  name,
  value: `${formatCount(rate.perSecond)} transfers/s`,
  baseline: '',
  ratio: '',
  target: `≥ ${formatCount(targetPerSecond)}/s`,
  status: statusOf(rate.perSecond >= targetPerSecond),
});

export async function runAmuletTransfer(config: AmuletTransferConfig): Promise<BenchResult> {
  const { transfers, concurrency, repeats } = config;
  const bare = await bareEngineLedger();
  // A throwaway run first, so the measured runs see optimised code, not the interpreter.
  await measure(bare, 2_000, 1);
  const engine1 = await medianOf(repeats, () => measure(bare, transfers, 1));
  const engineN = await medianOf(repeats, () => measure(bare, transfers, concurrency));
  const whole = await nodeLedger();
  const node1 = await medianOf(repeats, () => measure(whole.ledger, transfers, 1));
  const nodeN = await medianOf(repeats, () => measure(whole.ledger, transfers, concurrency));
  await whole.close();
  const perSecond = (rate: Rate) => `${formatCount(rate.perSecond)} transfers/s`;
  const cpu = (rate: Rate) => formatCount(rate.perCpuSecond);
  return {
    lines: [
      targetLine('AmuletRules_Transfer 2 in / 2 out, engine, 1 in flight', engine1),
      targetLine(`AmuletRules_Transfer 2 in / 2 out, engine, ${concurrency} in flight`, engineN),
      infoLine('AmuletRules_Transfer, node (bus + projections), 1 in flight', perSecond(node1)),
      infoLine(`AmuletRules_Transfer, node, ${concurrency} in flight`, perSecond(nodeN)),
    ],
    notes: [
      `amulet transfer: ${transfers} transfers a run, median of ${repeats}; per CPU second: engine ${cpu(engine1)} (1 in flight), ${cpu(engineN)} (${concurrency}); node ${cpu(node1)}, ${cpu(nodeN)}`,
    ],
  };
}

if (import.meta.main) {
  const result = await runAmuletTransfer(readAmuletTransferConfig());
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
