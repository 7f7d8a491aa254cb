import { describe, expect, test } from 'vitest';
import type { Journal } from '../src/journal.ts';
import type { AdminRecord, JournalRecord, TopologyRecord } from '../src/transaction.ts';

/** One journal's storage; `open` may be called again after `close` to reopen it. */
export type JournalStorage = {
  open(): Promise<Journal>;
  /** Appends raw bytes behind the stored records, as a crash mid-write leaves them. */
  readonly appendRaw?: (bytes: Buffer) => Promise<void>;
  dispose(): Promise<void>;
};

export type JournalBackend = { createStorage(): Promise<JournalStorage> };

export function sampleRecord(offset: number): TopologyRecord {
  return {
    type: 'topology',
    offset,
    updateId: `1220${offset.toString(16).padStart(64, '0')}`,
    synchronizerId: 'global-domain::1220',
    recordTime: '2026-01-01T00:00:00.000000Z',
    participantId: 'participant1::1220',
    parties: [`party-${offset}::1220`],
    annotations: { note: `record ${offset}`, unicode: 'ünïcødé ✓' },
    identityProviderId: '',
    grantedTo: null,
  };
}

const adminRecord: AdminRecord = {
  type: 'admin',
  recordTime: '2026-01-01T00:00:00.000000Z',
  change: { kind: 'user.created', userId: 'alice', rights: ['CanActAs'] },
};

async function readAll(journal: Journal): Promise<JournalRecord[]> {
  const records: JournalRecord[] = [];
  for await (const record of journal.replay()) records.push(record);
  return records;
}

async function withStorage(
  backend: JournalBackend,
  body: (storage: JournalStorage) => Promise<void>,
): Promise<void> {
  const storage = await backend.createStorage();
  try {
    await body(storage);
  } finally {
    await storage.dispose();
  }
}

/** The laws every journal backend obeys; run it once per backend. */
export function describeJournalConformance(name: string, backend: JournalBackend): void {
  describe(`${name} journal conformance`, () => {
    test('an empty journal replays nothing', () =>
      withStorage(backend, async (storage) => {
        const journal = await storage.open();
        expect(await readAll(journal)).toEqual([]);
        await journal.close();
      }));

    test('replays appended records in append order, unchanged', () =>
      withStorage(backend, async (storage) => {
        const journal = await storage.open();
        const records = [sampleRecord(1), adminRecord, sampleRecord(2)];
        for (const record of records) await journal.append(record);
        expect(await readAll(journal)).toEqual(records);
        await journal.close();
      }));

    test('a reopened journal returns the same records and appends after them', () =>
      withStorage(backend, async (storage) => {
        const first = await storage.open();
        await first.append(sampleRecord(1));
        await first.append(sampleRecord(2));
        await first.close();
        const second = await storage.open();
        expect(await readAll(second)).toEqual([sampleRecord(1), sampleRecord(2)]);
        await second.append(sampleRecord(3));
        expect(await readAll(second)).toEqual([1, 2, 3].map(sampleRecord));
        await second.close();
      }));

    test('concurrent appends all land exactly once, in call order, and resolve in call order', () =>
      withStorage(backend, async (storage) => {
        const journal = await storage.open();
        const offsets = Array.from({ length: 50 }, (_, index) => index + 1);
        const resolved: number[] = [];
        await Promise.all(
          offsets.map((offset) =>
            journal.append(sampleRecord(offset)).then(() => resolved.push(offset)),
          ),
        );
        expect(resolved).toEqual(offsets);
        expect(await readAll(journal)).toEqual(offsets.map(sampleRecord));
        await journal.close();
      }));

    test('an append after close fails', () =>
      withStorage(backend, async (storage) => {
        const journal = await storage.open();
        await journal.close();
        await expect(journal.append(sampleRecord(1))).rejects.toThrow(/closed/);
      }));

    test('close waits for appends already made', () =>
      withStorage(backend, async (storage) => {
        const journal = await storage.open();
        const appended = journal.append(sampleRecord(1));
        await journal.close();
        await appended;
        const reopened = await storage.open();
        expect(await readAll(reopened)).toEqual([sampleRecord(1)]);
        await reopened.close();
      }));

    describeTornTails(backend);
  });
}

function describeTornTails(backend: JournalBackend): void {
  const tails: [string, Buffer][] = [
    ['a partial frame', Buffer.from([0, 0, 1, 0, 0x12, 0x34, 0x56, 0x78, 0x7b, 0x22])],
    ['a zero-filled block', Buffer.alloc(4096)],
    ['random garbage', Buffer.from('garbage after a crash: not a frame at all'.repeat(20))],
  ];
  for (const [description, tail] of tails) {
    test(`cuts a torn tail of ${description} and keeps every earlier record`, () =>
      withStorage(backend, async (storage) => {
        if (!storage.appendRaw) return;
        const first = await storage.open();
        for (const offset of [1, 2, 3]) await first.append(sampleRecord(offset));
        await first.close();
        await storage.appendRaw(tail);
        const second = await storage.open();
        expect(await readAll(second)).toEqual([1, 2, 3].map(sampleRecord));
        await second.append(sampleRecord(4));
        await second.close();
        const third = await storage.open();
        expect(await readAll(third)).toEqual([1, 2, 3, 4].map(sampleRecord));
        await third.close();
      }));
  }
}
