import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  createInProcessRunner,
  parseAutomationConfig,
  scaleOutSettings,
} from '@pocketnet/automations';
import { createLifeServers, startEmbeddedNode } from '@pocketnet/cli';
import { createFileJournal, createWallClock } from '@pocketnet/ledger';
import {
  fileJournalStore,
  type LoadedState,
  parseStateFile,
  unrestrictedCaller,
} from '@pocketnet/runtime';
import { pino } from 'pino';
import { envInteger } from './bench-config.ts';
import {
  type BenchResult,
  formatCount,
  formatMs,
  infoLine,
  median,
  statusOf,
} from './bench-line.ts';
import { createIou, submitRequest, transferIou } from './iou-commands.ts';
import { runConcurrently, startIouEngine } from './iou-engine.ts';
import { renderTable } from './report-table.ts';

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

/** A step of an Iou's round trip: offered to the other party, or accepted by it. */
const stepOf = (slot: { cid: string; offered: boolean; owner: string }, other: string) =>
  slot.offered
    ? {
        command: {
          kind: 'exercise' as const,
          templateId: '#pocketnet-examples:Iou:IouTransfer',
          contractId: slot.cid,
          choice: 'IouTransfer_Accept',
          choiceArgument: {},
        },
        actAs: other,
      }
    : { command: transferIou(slot.cid, other), actAs: slot.owner };

/**
 * `contracts` Ious created, then offered and accepted round and round (each update archives one
 * contract and creates one) until the history holds `updates` updates.
 */
async function writeHistory(dir: string, config: Config): Promise<void> {
  const journal = await createFileJournal({ dir });
  const ledger = await startIouEngine(journal);
  const { engine, bank, alice, bob } = ledger;
  const slots: Array<{ cid: string; offered: boolean; owner: string }> = [];
  await runConcurrently(config.contracts, 100, async (index) => {
    const created = await engine.submit(
      submitRequest([createIou(ledger)], [bank, alice], `tm-create-${index}`),
    );
    slots[index] = { cid: created.nodes[0]?.contractId ?? '', offered: false, owner: alice };
  });
  const moves = config.updates - config.contracts;
  // One chain per slot: each step waits for the contract the one before it made.
  await runConcurrently(Math.min(config.contracts, moves), 100, async (first) => {
    for (let step = first; step < moves; step += config.contracts) {
      const slot = slots[first];
      if (!slot) throw new Error('no slot');
      const other = slot.owner === alice ? bob : alice;
      const { command, actAs } = stepOf(slot, other);
      const record = await engine.submit(submitRequest([command], [actAs], `tm-step-${step}`));
      const created = record.nodes.find((node) => node.kind === 'created');
      if (slot.offered) slot.owner = other;
      slots[first] = { cid: created?.contractId ?? '', offered: !slot.offered, owner: slot.owner };
    }
  });
  await journal.close();
}

type RevertMode = 'in place' | 'rebuild';

async function start(dir: string, loadState?: LoadedState, revert: RevertMode = 'in place') {
  const started = performance.now();
  const cpuAt = process.cpuUsage();
  const node = await startEmbeddedNode({
    node: {
      onBackgroundError: (error) => console.error('background work failed', error),
      participantName: 'participant1',
      synchronizerName: 'global-domain',
      ledgerApiVersion: '3.4.12',
      devnet: null,
    },
    store: fileJournalStore(dir),
    clock: createWallClock(),
    config: parseAutomationConfig({}),
    createRunner: async (_scope, undo) => createInProcessRunner({ undo }),
    logger: pino({ level: 'silent' }),
    auth: { mode: 'none' },
    settings: scaleOutSettings({}),
    servers: createLifeServers('127.0.0.1'),
    ...(loadState ? { loadState } : {}),
    revert,
  });
  return { node, ms: performance.now() - started, cpuMs: cpuMsSince(cpuAt) };
}

/** The process's CPU time (every thread) since `from`: what a loaded machine does not stretch. */
function cpuMsSince(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
}

const gc = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

function collectedHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

type Timing = { readonly ms: number; readonly cpuMs: number };

const timed = async (work: () => Promise<unknown>): Promise<Timing> => {
  const started = performance.now();
  const cpuAt = process.cpuUsage();
  await work();
  return { ms: performance.now() - started, cpuMs: cpuMsSince(cpuAt) };
};

const wallOf = (runs: readonly Timing[]) => median(runs.map((run) => run.ms));
const cpuOf = (runs: readonly Timing[]) => median(runs.map((run) => run.cpuMs));
const ratioTo = (value: number, baseline: number) => `${(value / baseline).toFixed(3)}×`;
const runsOf = (runs: readonly Timing[]) =>
  runs.map((run) => `${formatMs(run.ms)} (CPU ${formatMs(run.cpuMs)})`).join(', ');

/** `count` creates after a snapshot, so that a revert has something to undo. */
async function someChanges(
  node: Awaited<ReturnType<typeof start>>['node'],
  round: number,
  count = 100,
) {
  const { engine } = node.current().node;
  const parties = [...node.current().node.participant.parties.keys()];
  const [bank, alice] = [
    parties.find((p) => p.startsWith('Bank')),
    parties.find((p) => p.startsWith('Alice')),
  ];
  if (!bank || !alice) throw new Error('no Bank or Alice');
  for (let index = 0; index < count; index += 1) {
    await engine.submit(
      submitRequest(
        [createIou({ bank, alice, bob: alice })],
        [bank, alice],
        `after-${round}-${index}`,
      ),
    );
  }
}

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

export async function runTimeMachine(config: Config): Promise<BenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-time-machine-'));
  const loadDir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-time-machine-load-'));
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
    const end = node.current().node.engine.ledgerEnd();
    await node.close();
    const loads: Timing[] = [];
    let parsing: Timing = { ms: 0, cpuMs: 0 };
    for (let run = 0; run < config.repeats; run += 1) {
      await rm(loadDir, { recursive: true, force: true });
      const [parsedAt, cpuAt] = [performance.now(), process.cpuUsage()];
      const state = parseStateFile(stateText);
      parsing = { ms: performance.now() - parsedAt, cpuMs: cpuMsSince(cpuAt) };
      const loaded = await start(loadDir, state);
      loads.push({ ms: parsing.ms + loaded.ms, cpuMs: parsing.cpuMs + loaded.cpuMs });
      await loaded.node.close();
    }
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
        `time machine: ${formatCount(end)} updates, ${formatCount(config.contracts)} active contracts; baselines = the same node reverting by a rebuild (before issue 23's undo log); a start replaying the journal ${formatMs(startMs)} (CPU ${formatMs(startCpuMs)}); state file ${formatCount(stateText.length / 1024 / 1024)} MiB, parsed in ${formatMs(parsing.ms)} (CPU ${formatMs(parsing.cpuMs)})`,
        `time machine CPU medians (every thread; the wall figures stretch with the machine's load): in place revert ${formatMs(cpuOf(reverts))}, reset ${formatMs(cpuOf(resets))} vs rebuild revert ${formatMs(cpuOf(before.reverts))}, reset ${formatMs(cpuOf(before.resets))}; load ${formatMs(cpuOf(loads))} against the start's ${formatMs(startCpuMs)}`,
        `time machine heap per transaction while a snapshot is kept: in place ${formatCount(after.heapPerTransaction)} B, rebuild (no undo log) ${formatCount(before.heapPerTransaction)} B; a revert of ${formatCount(measuredTransactions)} transactions: in place ${formatMs(after.revertAfterMany.ms)} (CPU ${formatMs(after.revertAfterMany.cpuMs)}), rebuild ${formatMs(before.revertAfterMany.ms)} (CPU ${formatMs(before.revertAfterMany.cpuMs)})`,
        `time machine runs in place: snapshot ${runsOf(snapshots)}; revert ${runsOf(reverts)}; reset ${runsOf(resets)}; load ${runsOf(loads)}`,
        `time machine runs rebuilt: snapshot ${runsOf(before.snapshots)}; revert ${runsOf(before.reverts)}; reset ${runsOf(before.resets)}`,
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(loadDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const result = await runTimeMachine(readTimeMachineConfig());
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
