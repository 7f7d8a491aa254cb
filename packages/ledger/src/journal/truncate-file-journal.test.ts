import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Journal } from '../journal.ts';
import type { JournalRecord } from '../transaction.ts';
import { createFileJournal } from './file-journal.ts';
import { sampleRecord } from './journal-conformance.ts';
import { truncateFileJournal } from './truncate-file-journal.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pocketnet-truncate-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(journal: Journal): Promise<JournalRecord[]> {
  const records: JournalRecord[] = [];
  for await (const record of journal.replay()) records.push(record);
  return records;
}

const options = (segmentBytes: number | undefined) =>
  segmentBytes === undefined ? { dir } : { dir, segmentBytes };

async function written(count: number, segmentBytes?: number): Promise<void> {
  const journal = await createFileJournal(options(segmentBytes));
  for (let offset = 1; offset <= count; offset += 1) await journal.append(sampleRecord(offset));
  await journal.close();
}

test.each([
  ['one segment', undefined],
  ['many segments', 400],
])('cuts %s back to its first records; appends follow them', async (_name, segmentBytes) => {
  await written(6, segmentBytes);
  await truncateFileJournal(dir, 3);
  const reopened = await createFileJournal(options(segmentBytes));
  expect(await readAll(reopened)).toEqual([1, 2, 3].map(sampleRecord));
  await reopened.append(sampleRecord(4));
  await reopened.close();
  const again = await createFileJournal(options(segmentBytes));
  expect(await readAll(again)).toEqual([1, 2, 3, 4].map(sampleRecord));
  await again.close();
});

test('cuts to nothing, and keeps everything when asked for all', async () => {
  await written(4, 400);
  await truncateFileJournal(dir, 4);
  let journal = await createFileJournal({ dir, segmentBytes: 400 });
  expect(await readAll(journal)).toHaveLength(4);
  await journal.close();
  await truncateFileJournal(dir, 0);
  journal = await createFileJournal({ dir, segmentBytes: 400 });
  expect(await readAll(journal)).toEqual([]);
  await journal.close();
});

test('refuses to cut a journal shorter than asked', async () => {
  await written(2);
  await expect(truncateFileJournal(dir, 5)).rejects.toThrow('holds 2 records, not 5');
});
