import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { envInteger } from './bench-config.ts';
import { formatBytes } from './bench-line.ts';
import { runNodeScript } from './child-process.ts';
import {
  growthPerContract,
  type HeapSnapshotJson,
  type KindRow,
  tallySnapshot,
} from './heap-snapshot-summary.ts';
import { createIou, submitRequest } from './iou-commands.ts';
import { runConcurrently } from './iou-engine.ts';
import { openNode, startIouNode } from './iou-node.ts';

// A diagnosis tool, not part of `npm run bench`: heap snapshots of a node before and after
// it holds N active Ious, tallied by kind, so a per-contract figure can be taken apart.

type Anatomy = { readonly live: KindRow[]; readonly replayed: KindRow[] };

async function tally(dir: string, name: string) {
  const path = writeHeapSnapshot(join(dir, `${name}.heapsnapshot`));
  return tallySnapshot(JSON.parse(await readFile(path, 'utf8')) as HeapSnapshotJson);
}

async function measureAnatomy(dir: string, contracts: number): Promise<Anatomy> {
  const journalDir = join(dir, 'journal');
  const ledger = await startIouNode(journalDir);
  const empty = await tally(dir, 'empty');
  const actAs = [ledger.bank, ledger.alice];
  await runConcurrently(contracts, 100, async (index) => {
    await ledger.node.engine.submit(submitRequest([createIou(ledger)], actAs, `iou-${index}`));
  });
  const live = growthPerContract(empty, await tally(dir, 'live'), contracts);
  await ledger.node.close();
  const emptyNode = await openNode(join(dir, 'empty-journal'));
  const emptyAgain = await tally(dir, 'empty-again');
  await emptyNode.close();
  const replayedNode = await openNode(journalDir);
  const replayed = growthPerContract(emptyAgain, await tally(dir, 'replayed'), contracts);
  await replayedNode.close();
  return { live, replayed };
}

function render(title: string, rows: readonly KindRow[]): string {
  const total = rows.reduce((sum, row) => sum + row.bytesPerContract, 0);
  const lines = rows.map(
    (row) =>
      `${formatBytes(row.bytesPerContract).padStart(8)}  ${row.objectsPerContract.toFixed(2).padStart(5)}/contract  ${row.kind}`,
  );
  return [`${title}: ${formatBytes(total)} per contract`, ...lines].join('\n');
}

if (import.meta.main) {
  const contracts = envInteger('BENCH_MEMORY_CONTRACTS', 20_000);
  if (process.argv[2] === '--child') {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-anatomy-'));
    try {
      process.stdout.write(`${JSON.stringify(await measureAnatomy(dir, contracts))}\n`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else {
    const script = join(import.meta.dirname, 'memory-anatomy.ts');
    const anatomy = await runNodeScript<Anatomy>(script, { args: ['--child'] });
    console.log(render(`live node, file journal, ${contracts} Ious`, anatomy.live));
    console.log(render('\nthe same node after a restart (replayed)', anatomy.replayed));
  }
}
