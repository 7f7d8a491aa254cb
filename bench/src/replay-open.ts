import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createFileJournal } from '@pocketnet/ledger';
import { createBareEngine } from './iou-engine.ts';
import { openNode } from './iou-node.ts';

/** How long one way of opening an existing journal took, and how many records it replayed. */
export type ReplayTiming = { readonly seconds: number; readonly records: number };

export type ReplayMode = 'node' | 'engine' | 'parse';

/** A whole node: engine, bus and every projection rebuilt from the journal (a restart). */
async function openWholeNode(dir: string): Promise<ReplayTiming> {
  const started = performance.now();
  const node = await openNode(dir);
  const seconds = (performance.now() - started) / 1000;
  const records = node.engine.ledgerEnd();
  await node.close();
  return { seconds, records };
}

/** The engine alone (decode + apply), to tell its share from the projections'. */
async function openEngineOnly(dir: string): Promise<ReplayTiming> {
  const started = performance.now();
  const journal = await createFileJournal({ dir });
  const engine = createBareEngine(journal);
  await engine.recover();
  const seconds = (performance.now() - started) / 1000;
  const records = engine.ledgerEnd();
  await journal.close();
  return { seconds, records };
}

/**
 * The floor any replay stands on: read the segment files and JSON.parse every frame
 * (length u32 | crc32 u32 | payload), without checksums, engine or projections.
 */
async function parseOnly(dir: string): Promise<ReplayTiming> {
  const started = performance.now();
  let records = 0;
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.journal')).sort()) {
    const bytes = await readFile(join(dir, file));
    for (let at = 0; at + 8 <= bytes.length; ) {
      const length = bytes.readUInt32BE(at);
      JSON.parse(bytes.toString('utf8', at + 8, at + 8 + length));
      records += 1;
      at += 8 + length;
    }
  }
  return { seconds: (performance.now() - started) / 1000, records };
}

const openers = { node: openWholeNode, engine: openEngineOnly, parse: parseOnly } as const;

// Run in a fresh process, so the replay starts as cold as a restart does (imports excluded).
if (import.meta.main) {
  const [mode, dir] = process.argv.slice(2);
  if (dir === undefined || !(mode === 'node' || mode === 'engine' || mode === 'parse')) {
    throw new Error('usage: replay-open.ts node|engine|parse <journal dir>');
  }
  const timing = await openers[mode](dir);
  process.stdout.write(`${JSON.stringify(timing)}\n`);
}
