import { createFileJournal, type JournalRecord, type LedgerEngine } from '@pocketnet/ledger';
import { createIou, type IouParties, submitRequest } from './iou-commands.ts';
import { runConcurrently, startIouEngine } from './iou-engine.ts';
import { openNode, startIouNode } from './iou-node.ts';

/** Which structures hold the contracts while the heap is measured. */
export const memoryScenarios = [
  'node-file',
  'node-memory',
  'node-file-replayed',
  'engine-file',
  'engine-file-records',
] as const;
export type MemoryScenario = (typeof memoryScenarios)[number];

export type MemoryReading = { readonly bytesPerContract: number; readonly contracts: number };

type Ledger = IouParties & { readonly engine: Pick<LedgerEngine, 'submit'> };

function heapAfterGc(): number {
  const { gc } = globalThis;
  if (gc === undefined) throw new Error('run with --expose-gc');
  // Twice: the first pass can leave garbage that only a finalizer run frees.
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Creates `count` Ious, one command each, as clients do; all stay active. */
function createIous(ledger: Ledger, count: number): Promise<void> {
  const actAs = [ledger.bank, ledger.alice];
  return runConcurrently(count, 100, async (index) => {
    await ledger.engine.submit(submitRequest([createIou(ledger)], actAs, `iou-${index}`));
  });
}

/** Builds the scenario's ledger and returns what keeps it alive until after the measurement. */
async function fill(scenario: MemoryScenario, dir: string, count: number) {
  const retained: JournalRecord[] = [];
  const before = { heap: 0 };
  const measureBase = () => {
    before.heap = heapAfterGc();
  };
  if (scenario === 'node-file' || scenario === 'node-memory') {
    const ledger = await startIouNode(scenario === 'node-file' ? dir : null);
    measureBase();
    await createIous({ ...ledger, engine: ledger.node.engine }, count);
    return { before, keep: ledger, close: () => ledger.node.close() };
  }
  if (scenario === 'node-file-replayed') {
    // The empty node is measured on a second, empty journal: the replayed one has the Ious.
    const empty = await openNode(`${dir}-empty`);
    measureBase();
    await empty.close();
    const node = await openNode(dir);
    return { before, keep: node, close: () => node.close() };
  }
  const journal = await createFileJournal({ dir });
  const retain = (record: JournalRecord) => {
    retained.push(record);
  };
  const publish = scenario === 'engine-file-records' ? retain : undefined;
  const ledger = await startIouEngine(journal, publish);
  measureBase();
  await createIous(ledger, count);
  return { before, keep: [ledger, retained], close: () => journal.close() };
}

export async function measureScenario(
  scenario: MemoryScenario,
  dir: string,
  count: number,
): Promise<MemoryReading> {
  const filled = await fill(scenario, dir, count);
  const after = heapAfterGc();
  // Read `keep` after measuring, so nothing the measurement counts is collectable before it.
  if (filled.keep === undefined) throw new Error('nothing kept');
  await filled.close();
  return { bytesPerContract: (after - filled.before.heap) / count, contracts: count };
}

// One scenario per process, so nothing one of them leaves behind weighs on the next.
if (import.meta.main) {
  const [scenario, dir, count] = process.argv.slice(2);
  if (!memoryScenarios.includes(scenario as MemoryScenario) || dir === undefined) {
    throw new Error(`usage: memory-scenario.ts ${memoryScenarios.join('|')} <dir> <count>`);
  }
  const reading = await measureScenario(scenario as MemoryScenario, dir, Number(count));
  process.stdout.write(`${JSON.stringify(reading)}\n`);
}
