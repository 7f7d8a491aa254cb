import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  type AmuletTransferConfig,
  measure,
  type Rate,
  readAmuletTransferConfig,
  type TransferLedger,
} from './amulet-transfer.bench.ts';
import {
  type BenchResult,
  formatBytes,
  formatCount,
  formatRatio,
  infoLine,
  statusOf,
} from './bench-line.ts';
import { startLfAmuletEngine } from './lf-amulet-engine.ts';
import { renderTable } from './report-table.ts';
import {
  genesisMicros,
  latestOpenRound,
  startBareAmuletEngine,
  startDevnetNode,
} from './splice-devnet.ts';

// Issue 20's speed target: Splice's real AmuletRules_Transfer (splice-amulet 0.1.20, run by the
// Daml-LF engine) against the TypeScript AmuletRules_Transfer, same inputs (2 in / 2 out), same
// bare engine setup, in the same run. Target: LF ≥ 0.3× the TypeScript throughput per CPU second.

const targetRatio = 0.3;

async function ledgers(): Promise<{ typescript: TransferLedger; lf: TransferLedger }> {
  const devnet = await startDevnetNode();
  const ts = await startBareAmuletEngine(devnet, ['alice', 'bob']);
  const lf = await startLfAmuletEngine(devnet, ['alice', 'bob']);
  await devnet.node.close();
  const of = (started: typeof ts): TransferLedger => {
    const [alice = '', bob = ''] = started.parties;
    const openRound = latestOpenRound(started.engine, genesisMicros);
    return {
      engine: started.engine,
      dso: devnet.dso,
      alice,
      bob,
      rulesCid: started.rulesCid,
      openRound,
    };
  };
  return { typescript: of(ts), lf: of(lf) };
}

/**
 * A full collection: the `gc` that `--expose-gc` gives, or, without the flag, one exposed now
 * (V8 takes the flag at run time and binds `gc` in contexts made after it).
 */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed !== undefined) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Heap kept per transfer (its journal record and the receiver's new amulet). */
async function retainedPerTransfer(ledger: TransferLedger, transfers: number): Promise<number> {
  const gc = collector();
  gc();
  const before = process.memoryUsage().heapUsed;
  await measure(ledger, transfers, 1);
  gc();
  return (process.memoryUsage().heapUsed - before) / transfers;
}

/** The middle of a list of rates, by transfers per CPU second. */
function medianPerCpu(rates: readonly Rate[]): Rate {
  const sorted = [...rates].sort((a, b) => a.perCpuSecond - b.perCpuSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no run');
  return middle;
}

export async function runLfAmuletTransfer(config: AmuletTransferConfig): Promise<BenchResult> {
  const { typescript, lf } = await ledgers();
  const transfers = Math.max(200, Math.floor(config.transfers / 10));
  // Warm both first (compiled LF code, optimised JavaScript), then alternate the measured runs,
  // so a change in the machine's load falls on both sides alike.
  await measure(typescript, 500, 1);
  await measure(lf, 500, 1);
  const tsRates: Rate[] = [];
  const lfRates: Rate[] = [];
  for (let index = 0; index < config.repeats; index++) {
    tsRates.push(await measure(typescript, transfers, 1));
    lfRates.push(await measure(lf, transfers, 1));
  }
  // Compared per CPU second: on a shared machine, wall time counts the other processes too.
  const tsRate = medianPerCpu(tsRates);
  const lfRate = medianPerCpu(lfRates);
  const ratio = lfRate.perCpuSecond / tsRate.perCpuSecond;
  const heapTs = await retainedPerTransfer(typescript, 500);
  const heapLf = await retainedPerTransfer(lf, 500);
  return {
    lines: [
      infoLine(
        'AmuletRules_Transfer, TypeScript templates, 1 in flight',
        `${formatCount(tsRate.perCpuSecond)} tx/CPU-s`,
      ),
      {
        name: 'AmuletRules_Transfer, Splice 0.1.20 DAR on the LF engine',
        value: `${formatCount(lfRate.perCpuSecond)} tx/CPU-s`,
        baseline: `${formatCount(tsRate.perCpuSecond)} tx/CPU-s`,
        ratio: formatRatio(ratio),
        target: `≥ ${formatRatio(targetRatio)}`,
        status: statusOf(ratio >= targetRatio),
      },
      infoLine(
        'heap kept per transfer, TypeScript / LF',
        `${formatBytes(heapTs)} / ${formatBytes(heapLf)}`,
      ),
    ],
    notes: [
      `LF vs TypeScript AmuletRules_Transfer: ${transfers} transfers a run, runs alternated, median of ${config.repeats}; wall-clock TypeScript ${formatCount(tsRate.perSecond)} tx/s, LF ${formatCount(lfRate.perSecond)} tx/s`,
    ],
  };
}

if (import.meta.main) {
  const result = await runLfAmuletTransfer(readAmuletTransferConfig());
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
