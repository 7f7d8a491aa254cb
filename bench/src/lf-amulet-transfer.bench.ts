import {
  type AmuletTransferConfig,
  measure,
  medianOf,
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
// bare engine setup, in the same run. Target: LF ≥ 0.3× the TypeScript throughput.

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

/** Heap kept per transfer (its journal record and the receiver's new amulet), when gc is exposed. */
async function retainedPerTransfer(
  ledger: TransferLedger,
  transfers: number,
): Promise<number | null> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return null;
  gc();
  const before = process.memoryUsage().heapUsed;
  await measure(ledger, transfers, 1);
  gc();
  return (process.memoryUsage().heapUsed - before) / transfers;
}

export async function runLfAmuletTransfer(config: AmuletTransferConfig): Promise<BenchResult> {
  const { typescript, lf } = await ledgers();
  const transfers = Math.max(200, Math.floor(config.transfers / 10));
  // Warm both first (compiled LF code, optimised JavaScript), then alternate the measured runs.
  await measure(typescript, 500, 1);
  await measure(lf, 500, 1);
  const tsRate: Rate = await medianOf(config.repeats, () => measure(typescript, transfers, 1));
  const lfRate: Rate = await medianOf(config.repeats, () => measure(lf, transfers, 1));
  const ratio = lfRate.perSecond / tsRate.perSecond;
  const heapTs = await retainedPerTransfer(typescript, 500);
  const heapLf = await retainedPerTransfer(lf, 500);
  const heap = (value: number | null) =>
    value === null ? 'n/a (no --expose-gc)' : formatBytes(value);
  return {
    lines: [
      infoLine(
        'AmuletRules_Transfer, TypeScript templates, 1 in flight',
        `${formatCount(tsRate.perSecond)} tx/s`,
      ),
      {
        name: 'AmuletRules_Transfer, Splice 0.1.20 DAR on the LF engine',
        value: `${formatCount(lfRate.perSecond)} tx/s`,
        baseline: `${formatCount(tsRate.perSecond)} tx/s`,
        ratio: formatRatio(ratio),
        target: `≥ ${formatRatio(targetRatio)}`,
        status: statusOf(ratio >= targetRatio),
      },
      infoLine('heap kept per transfer, TypeScript / LF', `${heap(heapTs)} / ${heap(heapLf)}`),
    ],
    notes: [
      `LF vs TypeScript AmuletRules_Transfer: ${transfers} transfers a run, median of ${config.repeats}; per CPU second TypeScript ${formatCount(tsRate.perCpuSecond)}, LF ${formatCount(lfRate.perCpuSecond)}`,
    ],
  };
}

if (import.meta.main) {
  const result = await runLfAmuletTransfer(readAmuletTransferConfig());
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
