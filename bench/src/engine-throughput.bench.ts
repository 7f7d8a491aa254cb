import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileJournal, createMemoryJournal, type Journal } from '@pocketnet/ledger';
import { type BenchConfig, readBenchConfig } from './bench-config.ts';
import { type BenchLine, type BenchResult, formatCount, infoLine, statusOf } from './bench-line.ts';
import { createAndTransfer, runConcurrently, startIouEngine } from './iou-engine.ts';
import { startIouNode } from './iou-node.ts';
import { renderTable } from './report-table.ts';

const targetTxPerSecond = 20_000;

type Run = { readonly pairs: number; readonly concurrency: number };

/** Transactions per second of create + Iou_Transfer pairs through `engine.submit`. */
async function engineTxPerSecond(journal: Journal, run: Run): Promise<number> {
  const ledger = await startIouEngine(journal);
  const started = performance.now();
  await runConcurrently(run.pairs, run.concurrency, (index) =>
    createAndTransfer(ledger, `pair-${index}`),
  );
  const seconds = (performance.now() - started) / 1000;
  await journal.close();
  return (run.pairs * 2) / seconds;
}

/** The same through a whole node, so the bus and the projections are part of every commit. */
async function nodeTxPerSecond(run: Run): Promise<number> {
  const ledger = await startIouNode(null);
  const started = performance.now();
  await runConcurrently(run.pairs, run.concurrency, (index) =>
    createAndTransfer({ ...ledger, engine: ledger.node.engine }, `pair-${index}`),
  );
  const seconds = (performance.now() - started) / 1000;
  await ledger.node.close();
  return (run.pairs * 2) / seconds;
}

async function withFileJournal<T>(use: (journal: Journal) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-engine-'));
  try {
    return await use(await createFileJournal({ dir }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const targetLine = (name: string, perSecond: number): BenchLine => ({
  name,
  value: `${formatCount(perSecond)} tx/s`,
  baseline: '',
  ratio: '',
  target: `≥ ${formatCount(targetTxPerSecond)} tx/s`,
  status: statusOf(perSecond >= targetTxPerSecond),
});

type Figures = Record<'memory1' | 'memoryN' | 'file1' | 'fileN' | 'node', number>;

async function measureAll(config: BenchConfig['engine'], fileSequentialPairs: number) {
  const { memoryPairs, filePairs, concurrency } = config;
  const memory = (run: Run) => engineTxPerSecond(createMemoryJournal(), run);
  const file = (run: Run) => withFileJournal((journal) => engineTxPerSecond(journal, run));
  // A throwaway run first, so the measured runs see optimised code, not the interpreter.
  await memory({ pairs: 2_000, concurrency: 1 });
  return {
    memory1: await memory({ pairs: memoryPairs, concurrency: 1 }),
    memoryN: await memory({ pairs: memoryPairs, concurrency }),
    file1: await file({ pairs: fileSequentialPairs, concurrency: 1 }),
    fileN: await file({ pairs: filePairs, concurrency }),
    node: await nodeTxPerSecond({ pairs: memoryPairs, concurrency }),
  } satisfies Figures;
}

export async function runEngineThroughput(config: BenchConfig['engine']): Promise<BenchResult> {
  const { memoryPairs, filePairs, concurrency } = config;
  const fileSequentialPairs = Math.max(1, Math.floor(filePairs / 10));
  const tx = await measureAll(config, fileSequentialPairs);
  const perSecond = (value: number) => `${formatCount(value)} tx/s`;
  return {
    lines: [
      targetLine('engine, memory journal, 1 in flight', tx.memory1),
      targetLine(`engine, memory journal, ${concurrency} in flight`, tx.memoryN),
      infoLine('engine, file journal, 1 in flight', perSecond(tx.file1)),
      infoLine(`engine, file journal, ${concurrency} in flight`, perSecond(tx.fileN)),
      infoLine(`node (bus + projections), memory, ${concurrency} in flight`, perSecond(tx.node)),
    ],
    notes: [
      `engine: create + Iou_Transfer pairs, ${memoryPairs} (memory, node), ${filePairs} (file, in flight), ${fileSequentialPairs} (file, 1 in flight)`,
    ],
  };
}

if (import.meta.main) {
  const result = await runEngineThroughput(readBenchConfig().engine);
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
