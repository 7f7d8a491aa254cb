import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoadedState, readStateFile, unrestrictedCaller } from '@pocketnet/runtime';
import { envInteger } from './bench-config.ts';
import { type BenchResult, formatCount, formatMs, infoLine, statusOf } from './bench-line.ts';
import { renderTable } from './report-table.ts';
import {
  collectedHeap,
  cpuMsSince,
  cpuOf,
  type RevertMode,
  ratioTo,
  runsOf,
  someChanges,
  start,
  type Timing,
  timed,
  wallOf,
  writeHistory,
} from './time-machine-node.ts';

// Snapshot, revert, reset and load (issue 23) of an embedded node as `pocketnet start` runs it
// (file journal, bare ledger), with `contracts` active Ious and `updates` updates of history.

export function readTimeMachineConfig() {
  return {
    contracts: envInteger('BENCH_TIME_MACHINE_CONTRACTS', 10_000),
    updates: envInteger('BENCH_TIME_MACHINE_UPDATES', 100_000),
    repeats: envInteger('BENCH_TIME_MACHINE_REPEATS', 3),
  };
}
type Config = ReturnType<typeof readTimeMachineConfig>;

/** Transactions after a snapshot whose heap is measured (the undo log's cost per transaction). */
const measuredTransactions = 1000;

/**
 * One node on the history, reverting `mode`'s way: snapshot, revert and reset timed round after
 * round; the heap a thousand snapshots keep; and the heap `measuredTransactions` commits add
 * while a snapshot is kept (and the undo log's entries for them).
 */
async function measure(dir: string, config: Config, mode: RevertMode) {
  const { node, ms: startMs, cpuMs: startCpuMs } = await start(dir, undefined, mode);
  const machine = node.timeMachine;
  // What a kept snapshot costs: the heap before and after taking a thousand of them.
  const heapBefore = collectedHeap();
  for (let index = 0; index < 1000; index += 1) await machine.snapshot(unrestrictedCaller);
  const perSnapshot = (collectedHeap() - heapBefore) / 1000;
  const snapshots: Timing[] = [];
  const reverts: Timing[] = [];
  const resets: Timing[] = [];
  for (let round = 0; round < config.repeats; round += 1) {
    let id = '';
    snapshots.push(await timed(async () => ({ id } = await machine.snapshot(unrestrictedCaller))));
    await someChanges(node, round);
    reverts.push(await timed(() => machine.revert(unrestrictedCaller, id)));
    await someChanges(node, round + 1000);
    resets.push(await timed(() => machine.reset(unrestrictedCaller)));
  }
  // The heap commits add: the state they make, and (in place) the undo log's entries for them.
  const { id } = await machine.snapshot(unrestrictedCaller);
  const { undo } = node.current().node;
  const [heapAt, entriesAt] = [collectedHeap(), undo.size()];
  await someChanges(node, 9999, measuredTransactions);
  const heapPerTransaction = (collectedHeap() - heapAt) / measuredTransactions;
  const entriesPerTransaction = (undo.size() - entriesAt) / measuredTransactions;
  const revertAfterMany = await timed(() => machine.revert(unrestrictedCaller, id));
  return {
    node,
    startMs,
    startCpuMs,
    snapshots,
    reverts,
    resets,
    perSnapshot,
    heapPerTransaction,
    entriesPerTransaction,
    revertAfterMany,
  };
}

/** Where a load's time went (issue 23's state file v2), one run. */
type LoadSplit = {
  readonly how: string;
  readonly readMs: number;
  readonly indexMs: number;
  readonly sectionsMs: number;
  readonly restoreMs: number;
  readonly fillMs: number;
};

/**
 * Loads the state file at `path` as `--load-state` does (read, parse, start until ready) into
 * an empty journal in `loadDir`: its time, and where it went.
 */
async function loadOnce(path: string, loadDir: string): Promise<Timing & { split: LoadSplit }> {
  await rm(loadDir, { recursive: true, force: true });
  const [readAt, cpuAt] = [performance.now(), process.cpuUsage()];
  const state: LoadedState = await readStateFile(path);
  const parsing = { ms: performance.now() - readAt, cpuMs: cpuMsSince(cpuAt) };
  const loaded = await start(loadDir, state);
  const how = loaded.node.loaded;
  const fillMs = (await how?.durable) ?? 0;
  await loaded.node.close();
  return {
    ms: parsing.ms + loaded.ms,
    cpuMs: parsing.cpuMs + loaded.cpuMs,
    split: {
      how: how
        ? `${how.how}${how.how === 'replayed' && how.reason ? ` (${how.reason})` : ''}`
        : '?',
      readMs: parsing.ms - state.took.indexMs - state.took.sectionsMs,
      indexMs: state.took.indexMs,
      sectionsMs: state.took.sectionsMs,
      restoreMs: how?.ms ?? 0,
      fillMs,
    },
  };
}

const splitOf = (split: LoadSplit) =>
  `read ${formatMs(split.readMs)}, index ${formatMs(split.indexMs)}, sections parse ${formatMs(split.sectionsMs)}, ${split.how} ${formatMs(split.restoreMs)}, journal fill durable ${formatMs(split.fillMs)} after the start began (the node serves meanwhile)`;

export async function runTimeMachine(config: Config): Promise<BenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-time-machine-'));
  const loadDir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-time-machine-load-'));
  const stateDir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-time-machine-state-'));
  try {
    await writeHistory(dir, config);
    // Before issue 23's undo log (every revert rebuilds the node), then in place, on one history.
    const before = await measure(dir, config, 'rebuild');
    await before.node.close();
    const after = await measure(dir, config, 'in place');
    const { node, startMs, startCpuMs, snapshots, reverts, resets } = after;
    const machine = node.timeMachine;
    const lines: string[] = [];
    for await (const line of machine.dump(unrestrictedCaller)) lines.push(line);
    const stateText = `${lines.join('\n')}\n`;
    const statePath = join(stateDir, 'state.jsonl');
    await writeFile(statePath, stateText);
    const end = node.current().node.engine.ledgerEnd();
    await node.close();
    const loads: Array<Timing & { split: LoadSplit }> = [];
    for (let run = 0; run < config.repeats; run += 1)
      loads.push(await loadOnce(statePath, loadDir));
    const snapshot = wallOf(snapshots);
    const revert = wallOf(reverts);
    const reset = wallOf(resets);
    const load = wallOf(loads);
    const undoPerTransaction = after.heapPerTransaction - before.heapPerTransaction;
    return {
      lines: [
        {
          name: 'time machine: snapshot',
          value: formatMs(snapshot),
          baseline: formatMs(wallOf(before.snapshots)),
          ratio: ratioTo(snapshot, wallOf(before.snapshots)),
          target: '< 10 ms',
          status: statusOf(snapshot < 10),
        },
        {
          name: 'time machine: revert',
          value: formatMs(revert),
          baseline: formatMs(wallOf(before.reverts)),
          ratio: ratioTo(revert, wallOf(before.reverts)),
          target: '< 100 ms',
          status: statusOf(revert < 100),
        },
        {
          name: 'time machine: reset',
          value: formatMs(reset),
          baseline: formatMs(wallOf(before.resets)),
          ratio: ratioTo(reset, wallOf(before.resets)),
          target: '< 100 ms',
          status: statusOf(reset < 100),
        },
        {
          name: 'time machine: load a dumped state',
          value: formatMs(load),
          baseline: formatMs(startMs),
          ratio: ratioTo(load, startMs),
          target: '< 1000 ms',
          status: statusOf(load < 1000),
        },
        infoLine('time machine: heap per kept snapshot', `${formatCount(after.perSnapshot)} B`),
        infoLine(
          'time machine: undo log heap per transaction',
          `${formatCount(undoPerTransaction)} B (${after.entriesPerTransaction.toFixed(1)} entries)`,
        ),
      ],
      notes: [
        `time machine: ${formatCount(end)} updates, ${formatCount(config.contracts)} active contracts; baselines = the same node reverting by a rebuild (before issue 23's undo log); a start replaying the journal ${formatMs(startMs)} (CPU ${formatMs(startCpuMs)})`,
        `time machine load: state file ${formatCount(Buffer.byteLength(stateText) / 1024 / 1024)} MiB (sections ${formatCount(sectionBytes(lines) / 1024)} KiB); per run: ${loads.map((run) => splitOf(run.split)).join('; ')}`,
        `time machine CPU medians (every thread; the wall figures stretch with the machine's load): in place revert ${formatMs(cpuOf(reverts))}, reset ${formatMs(cpuOf(resets))} vs rebuild revert ${formatMs(cpuOf(before.reverts))}, reset ${formatMs(cpuOf(before.resets))}; load ${formatMs(cpuOf(loads))} against the start's ${formatMs(startCpuMs)}`,
        `time machine heap per transaction while a snapshot is kept: in place ${formatCount(after.heapPerTransaction)} B, rebuild (no undo log) ${formatCount(before.heapPerTransaction)} B; a revert of ${formatCount(measuredTransactions)} transactions: in place ${formatMs(after.revertAfterMany.ms)} (CPU ${formatMs(after.revertAfterMany.cpuMs)}), rebuild ${formatMs(before.revertAfterMany.ms)} (CPU ${formatMs(before.revertAfterMany.cpuMs)})`,
        `time machine runs in place: snapshot ${runsOf(snapshots)}; revert ${runsOf(reverts)}; reset ${runsOf(resets)}; load ${runsOf(loads)}`,
        `time machine runs rebuilt: snapshot ${runsOf(before.snapshots)}; revert ${runsOf(before.reverts)}; reset ${runsOf(before.resets)}`,
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(loadDir, { recursive: true, force: true });
    await rm(stateDir, { recursive: true, force: true });
  }
}

/** The bytes of a dump's section lines (those after the header, before the records). */
function sectionBytes(lines: readonly string[]): number {
  const sections = (JSON.parse(lines[0] ?? '{}') as { sections?: number }).sections ?? 0;
  return lines.slice(1, 1 + sections).reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
}

if (import.meta.main) {
  const result = await runTimeMachine(readTimeMachineConfig());
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
