import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JournalRecord, recordJson } from '@pocketnet/ledger';
import { sampleRecord } from '@pocketnet/ledger/testing';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { fileJournalStore } from './journal-store.ts';
import { parseStateFile, stateFormat } from './state-file.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pocketnet-journal-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function replayAll(source: AsyncIterable<JournalRecord>): Promise<JournalRecord[]> {
  const records: JournalRecord[] = [];
  for await (const record of source) records.push(record);
  return records;
}

function stateText(records: readonly JournalRecord[]): string {
  const header = { format: stateFormat, seed: null, clockMicros: '0', records: records.length };
  return [JSON.stringify(header), ...records.map(recordJson)].join('\n');
}

describe('file journal store filled from a state file', () => {
  test('the first life runs on the filling journal, and a restart reads every record back', async () => {
    const records = Array.from({ length: 200 }, (_, index) => sampleRecord(index + 1));
    const state = parseStateFile(stateText(records));
    const store = fileJournalStore(dir);
    await store.fill(state.records, state.takeLines());
    // The filling journal holds the directory: the life must get that one, not open another.
    const journal = await store.open();
    expect(await replayAll(journal.replay())).toEqual(records);
    await store.filled();
    await journal.append(sampleRecord(201));
    await journal.close();

    const restarted = fileJournalStore(dir);
    const reopened = await restarted.open();
    expect(await replayAll(reopened.replay())).toEqual([...records, sampleRecord(201)]);
    expect(restarted.position()).toBe(201);
    await reopened.close();
  });

  test("a state's lines are handed over once, so that they are not kept beside its records", () => {
    const state = parseStateFile(stateText([sampleRecord(1)]));
    expect(state.takeLines()).toEqual([recordJson(sampleRecord(1))]);
    expect(() => state.takeLines()).toThrow(/taken already/);
  });
});
