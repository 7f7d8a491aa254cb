import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JournalRecord, recordJson } from '@pocketnet/ledger';
import { sampleRecord } from '@pocketnet/ledger/testing';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { fileJournalStore, memoryJournalStore } from './journal-store.ts';
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
  const header = {
    format: stateFormat,
    seed: null,
    clockMicros: '0',
    records: records.length,
    sections: 0,
  };
  return [JSON.stringify(header), ...records.map(recordJson)].join('\n');
}

describe('file journal store filled from a state file', () => {
  test('the first life runs on the filling journal, and a restart reads every record back', async () => {
    const records = Array.from({ length: 200 }, (_, index) => sampleRecord(index + 1));
    const state = parseStateFile(stateText(records));
    const store = fileJournalStore(dir);
    await store.fill(state.history);
    // The filling journal holds the directory: the life must get that one, not open another.
    const journal = await store.open();
    // It holds them all at once, whether the life replays them or not (a restored one does not).
    expect(store.position()).toBe(200);
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

  test("dumps a state's records as the file's lines without decoding them", async () => {
    const records = [1, 2, 3].map(sampleRecord);
    const state = parseStateFile(stateText(records));
    for (const store of [fileJournalStore(dir), memoryJournalStore()]) {
      await store.fill(state.history);
      const journal = await store.open();
      await journal.append(sampleRecord(4));
      const { count, lines } = await store.lines();
      expect(count).toBe(4);
      expect([...lines]).toEqual([...records, sampleRecord(4)].map(recordJson));
      await store.filled();
      await journal.close();
    }
  });

  test('a revert cuts into the loaded records, and the next life replays what is left', async () => {
    const records = [1, 2, 3, 4].map(sampleRecord);
    const store = memoryJournalStore();
    await store.fill(parseStateFile(stateText(records)).history);
    let journal = await store.open();
    await journal.append(sampleRecord(5));
    await journal.close();
    await store.truncate(2);
    journal = await store.open();
    expect(store.position()).toBe(2);
    expect(await replayAll(journal.replay())).toEqual(records.slice(0, 2));
    await journal.append(sampleRecord(3));
    expect([...(await store.lines()).lines]).toEqual([1, 2, 3].map(sampleRecord).map(recordJson));
    await journal.close();
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
