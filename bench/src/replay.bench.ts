import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileJournal } from '@pocketnet/ledger';
import { type BenchConfig, readBenchConfig } from './bench-config.ts';
import {
  type BenchResult,
  formatCount,
  formatMs,
  formatRatio,
  infoLine,
  median,
  statusOf,
} from './bench-line.ts';
import { runNodeScript } from './child-process.ts';
import { createAndTransfer, runConcurrently, startIouEngine } from './iou-engine.ts';
import type { ReplayMode, ReplayTiming } from './replay-open.ts';
import { renderTable } from './report-table.ts';

const openScript = join(import.meta.dirname, 'replay-open.ts');
const targetSeconds = 3;

/** Writes `updates` transactions (create + Iou_Transfer pairs) to a file journal in `dir`. */
async function writeJournal(dir: string, updates: number): Promise<number> {
  const journal = await createFileJournal({ dir });
  const ledger = await startIouEngine(journal);
  await runConcurrently(Math.ceil(updates / 2), 100, (index) =>
    createAndTransfer(ledger, `replay-${index}`),
  );
  await journal.close();
  const files = await readdir(dir);
  const sizes = await Promise.all(files.map(async (file) => (await stat(join(dir, file))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

const open = (mode: ReplayMode, dir: string) =>
  runNodeScript<ReplayTiming>(openScript, { args: [mode, dir] });

type ReplayFigures = {
  readonly bytes: number;
  readonly writeSeconds: number;
  readonly nodeRuns: readonly ReplayTiming[];
  readonly engine: ReplayTiming;
  readonly parse: ReplayTiming;
};

async function measureReplay(dir: string, config: BenchConfig['replay']): Promise<ReplayFigures> {
  const written = performance.now();
  const bytes = await writeJournal(dir, config.updates);
  const writeSeconds = (performance.now() - written) / 1000;
  const nodeRuns: ReplayTiming[] = [];
  for (let run = 0; run < config.repeats; run += 1) nodeRuns.push(await open('node', dir));
  return {
    bytes,
    writeSeconds,
    nodeRuns,
    engine: await open('engine', dir),
    parse: await open('parse', dir),
  };
}

function replayResult(figures: ReplayFigures): BenchResult {
  const { nodeRuns, engine, parse } = figures;
  const seconds = median(nodeRuns.map((run) => run.seconds));
  const records = nodeRuns[0]?.records ?? 0;
  const timed = (timing: ReplayTiming) =>
    `${formatMs(timing.seconds * 1000)} (${formatCount(timing.records / timing.seconds)} updates/s)`;
  return {
    lines: [
      {
        name: `replay ${formatCount(records)} updates: createNode`,
        value: formatMs(seconds * 1000),
        baseline: formatMs(parse.seconds * 1000),
        ratio: formatRatio(seconds / parse.seconds),
        target: `< ${formatMs(targetSeconds * 1000)}`,
        status: statusOf(seconds < targetSeconds),
      },
      infoLine('replay rate, createNode', `${formatCount(records / seconds)} updates/s`),
      infoLine('replay, engine alone (no projections)', timed(engine)),
      infoLine('replay baseline: read + JSON.parse only', timed(parse)),
    ],
    notes: [
      `replay: journal of ${formatCount(records)} updates, ${formatCount(figures.bytes / 1024 / 1024)} MiB (${formatCount(figures.bytes / records)} B/update), written in ${figures.writeSeconds.toFixed(1)} s; createNode runs ${nodeRuns.map((run) => formatMs(run.seconds * 1000)).join(', ')}`,
    ],
  };
}

export async function runReplay(config: BenchConfig['replay']): Promise<BenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-replay-'));
  try {
    return replayResult(await measureReplay(dir, config));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const result = await runReplay(readBenchConfig().replay);
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
