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

describe('file journal store cut back to a marked point', () => {
  test('keeps exactly the records before the mark, and forgets marks past the cut', async () => {
    const store = fileJournalStore(dir);
    let journal = await store.open();
    for (const offset of [1, 2, 3]) await journal.append(sampleRecord(offset));
    expect(store.mark()).toBe(3);
    for (const offset of [4, 5]) await journal.append(sampleRecord(offset));
    expect(store.mark()).toBe(5);
    await journal.close();
    await store.truncate(3);

    journal = await store.open();
    expect(await replayAll(journal.replay())).toEqual([1, 2, 3].map(sampleRecord));
    // Other records at 4 and 5 now: the old mark at 5 is not where they end.
    const longer = (offset: number) => ({ ...sampleRecord(offset), parties: ['x'.repeat(99)] });
    for (const offset of [4, 5, 6]) await journal.append(longer(offset));
    await journal.close();
    await store.truncate(5);

    const reopened = await fileJournalStore(dir).open();
    expect(await replayAll(reopened.replay())).toEqual([
      ...[1, 2, 3].map(sampleRecord),
      longer(4),
      longer(5),
    ]);
    await reopened.close();
  });
});
