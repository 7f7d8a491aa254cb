import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { sampleRecord } from '../../testing/journal-conformance.ts';
import type { Journal } from '../journal.ts';
import type { JournalRecord } from '../transaction.ts';
import { createFileJournal } from './file-journal.ts';
import type { JournalFill } from './journal-fill.ts';
import { decodeRecord, encodeRecord, recordJson } from './record-codec.ts';
import { JournalCorruptionError, listSegments } from './segment-files.ts';
import { truncateFileJournal } from './truncate-file-journal.ts';
import type { FlushStats } from './writer-thread.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pocketnet-file-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readAll(journal: Journal): Promise<JournalRecord[]> {
  const records: JournalRecord[] = [];
  for await (const record of journal.replay()) records.push(record);
  return records;
}

async function flipByte(path: string, position: number): Promise<void> {
  const handle = await open(path, 'r+');
  const byte = Buffer.alloc(1);
  await handle.read(byte, 0, 1, position);
  byte[0] = (byte[0] ?? 0) ^ 0xff;
  await handle.write(byte, 0, 1, position);
  await handle.close();
}

/** Polls `check` (a process's state, which nothing announces) until it holds. */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await sleep(5);
}

describe('file journal', () => {
  test('concurrent appends share flushes: 50 appends, far fewer fdatasyncs', async () => {
    const flushes: FlushStats[] = [];
    const journal = await createFileJournal({ dir, onFlush: (stats) => flushes.push(stats) });
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => journal.append(sampleRecord(index + 1))),
    );
    expect(flushes.reduce((sum, flush) => sum + flush.records, 0)).toBe(50);
    expect(flushes.length).toBeLessThanOrEqual(3);
    await journal.close();
  });

  test('appends arriving during a flush are batched into the next single flush', async () => {
    const flushes: FlushStats[] = [];
    const journal = await createFileJournal({ dir, onFlush: (stats) => flushes.push(stats) });
    const first = journal.append(sampleRecord(1));
    await new Promise((resolve) => setImmediate(resolve));
    // The first record went to the writer at the end of that turn; these 20, appended in one
    // later turn, go out together in one write (with the first if the writer was still busy
    // when they came, say zero-filling space ahead).
    const rest = Array.from({ length: 20 }, (_, index) => journal.append(sampleRecord(index + 2)));
    await Promise.all([first, ...rest]);
    expect(flushes.reduce((sum, flush) => sum + flush.records, 0)).toBe(21);
    expect(flushes.length).toBeLessThanOrEqual(2);
    expect(flushes.at(-1)?.records).toBeGreaterThanOrEqual(20);
    await journal.close();
  });

  test('refuses to open when a record in the middle is damaged', async () => {
    const journal = await createFileJournal({ dir });
    for (const offset of [1, 2, 3]) await journal.append(sampleRecord(offset));
    await journal.close();
    const [segment] = await listSegments(dir);
    if (!segment) throw new Error('no segment');
    const firstFrameBytes = encodeRecord(sampleRecord(1)).length + 8;
    await flipByte(segment.path, firstFrameBytes + 20);
    await expect(createFileJournal({ dir })).rejects.toBeInstanceOf(JournalCorruptionError);
    expect((await stat(segment.path)).size).toBe(3 * firstFrameBytes);
  });

  test('a damaged record in an older segment fails the replay rather than being skipped', async () => {
    const journal = await createFileJournal({ dir, segmentBytes: 400 });
    for (const offset of [1, 2, 3, 4]) await journal.append(sampleRecord(offset));
    await journal.close();
    const [oldest] = await listSegments(dir);
    if (!oldest) throw new Error('no segment');
    await flipByte(oldest.path, 30);
    const reopened = await createFileJournal({ dir, segmentBytes: 400 });
    await expect(readAll(reopened)).rejects.toBeInstanceOf(JournalCorruptionError);
    await reopened.close();
  });

  test('reports how many bytes of a torn tail it cut', async () => {
    const journal = await createFileJournal({ dir });
    await journal.append(sampleRecord(1));
    await journal.close();
    const [segment] = await listSegments(dir);
    if (!segment) throw new Error('no segment');
    const handle = await open(segment.path, 'a');
    await handle.write(Buffer.from([0, 0, 0, 90, 1, 2, 3]));
    await handle.close();
    const cuts: number[] = [];
    const reopened = await createFileJournal({ dir, onTornTail: (bytes) => cuts.push(bytes) });
    expect(cuts).toEqual([7]);
    expect(await readAll(reopened)).toEqual([sampleRecord(1)]);
    await reopened.close();
  });

  test('records cross a small hand-over ring intact: around its end, larger than it, queued behind it', async () => {
    const journal = await createFileJournal({ dir, ringBytes: 4096, segmentBytes: 64 * 1024 });
    const large = (offset: number) =>
      ({ ...sampleRecord(offset), annotations: { note: 'x'.repeat(20_000) } }) as JournalRecord;
    const records = Array.from({ length: 300 }, (_, index) =>
      index % 50 === 7 ? large(index + 1) : sampleRecord(index + 1),
    );
    await Promise.all(records.slice(0, 150).map((record) => journal.append(record)));
    for (const record of records.slice(150)) await journal.append(record);
    expect(await readAll(journal)).toEqual(records);
    await journal.close();
    const reopened = await createFileJournal({ dir, segmentBytes: 64 * 1024 });
    expect(await readAll(reopened)).toEqual(records);
    await reopened.close();
  });

  test("an append's given JSON is stored as it is, and replays as the record", async () => {
    const journal = await createFileJournal({ dir });
    // As a state file's line may be: the record's JSON, laid out otherwise.
    const given = JSON.stringify(sampleRecord(1), null, 1).replaceAll('\n', ' ');
    await journal.append(sampleRecord(1), given);
    await journal.append(sampleRecord(2));
    await journal.close();
    const [segment] = await listSegments(dir);
    if (!segment) throw new Error('no segment');
    expect((await readFile(segment.path)).includes(Buffer.from(given))).toBe(true);
    const reopened = await createFileJournal({ dir });
    expect(await readAll(reopened)).toEqual([sampleRecord(1), sampleRecord(2)]);
    await reopened.close();
  });

  test('a clean close leaves no space ahead of the records in the segment', async () => {
    const journal = await createFileJournal({ dir });
    for (const offset of [1, 2, 3]) await journal.append(sampleRecord(offset));
    await journal.close();
    const [segment] = await listSegments(dir);
    if (!segment) throw new Error('no segment');
    const frameBytes = (offset: number) => encodeRecord(sampleRecord(offset)).length + 8;
    expect((await stat(segment.path)).size).toBe(frameBytes(1) + frameBytes(2) + frameBytes(3));
  });

  test('zeros a crash left ahead of the records are cut, and not reported as a torn tail', async () => {
    const journal = await createFileJournal({ dir });
    await journal.append(sampleRecord(1));
    await journal.close();
    const [segment] = await listSegments(dir);
    if (!segment) throw new Error('no segment');
    const size = (await stat(segment.path)).size;
    const handle = await open(segment.path, 'a');
    await handle.write(Buffer.alloc(3 * 1024 * 1024));
    await handle.close();
    const cuts: number[] = [];
    const reopened = await createFileJournal({ dir, onTornTail: (bytes) => cuts.push(bytes) });
    expect(cuts).toEqual([]);
    await reopened.append(sampleRecord(2));
    expect(await readAll(reopened)).toEqual([sampleRecord(1), sampleRecord(2)]);
    await reopened.close();
    const second = encodeRecord(sampleRecord(2)).length + 8;
    expect((await stat(segment.path)).size).toBe(size + second);
  });

  test('a torn record followed by zeros is cut, and only its bytes are reported', async () => {
    const journal = await createFileJournal({ dir });
    await journal.append(sampleRecord(1));
    await journal.close();
    const [segment] = await listSegments(dir);
    if (!segment) throw new Error('no segment');
    const torn = encodeRecord(sampleRecord(2)).subarray(0, 40);
    const handle = await open(segment.path, 'a');
    await handle.write(Buffer.concat([Buffer.from([0, 0, 1, 0, 9, 9, 9, 9]), torn]));
    await handle.write(Buffer.alloc(100_000));
    await handle.close();
    const cuts: number[] = [];
    const reopened = await createFileJournal({ dir, onTornTail: (bytes) => cuts.push(bytes) });
    expect(cuts).toEqual([48]);
    expect(await readAll(reopened)).toEqual([sampleRecord(1)]);
    await reopened.close();
  });

  test('rolls over to new segment files and replays across them in order', async () => {
    const journal = await createFileJournal({ dir, segmentBytes: 1000 });
    const records = Array.from({ length: 30 }, (_, index) => sampleRecord(index + 1));
    for (const record of records) await journal.append(record);
    await journal.close();
    expect((await readdir(dir)).filter((name) => name.endsWith('.journal')).length).toBeGreaterThan(
      5,
    );
    const reopened = await createFileJournal({ dir, segmentBytes: 1000 });
    expect(await readAll(reopened)).toEqual(records);
    await reopened.close();
  });

  test('one data folder has one writer at a time', async () => {
    const journal = await createFileJournal({ dir });
    const path = join(dir, 'journal.lock');
    await rm(path);
    const lock = await open(path, 'w');
    await lock.writeFile(String(process.ppid));
    await lock.close();
    await expect(createFileJournal({ dir })).rejects.toThrow(/in use by process/);
    await journal.close();
  });

  test('a lock held by a zombie (killed, not yet reaped by its parent) is taken over at once', async () => {
    // `sh` forks a child that exits in 0.1 s, then becomes `sleep`, which never reaps it: the
    // child stays a zombie, as a node killed with -9 does until its supervisor waits for it.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30'], { stdio: 'pipe' });
    try {
      const [line] = (await once(parent.stdout, 'data')) as [Buffer];
      const zombie = Number(line.toString().trim());
      await waitFor(async () => (await readFile(`/proc/${zombie}/stat`, 'utf8')).includes(') Z'));
      await writeFile(join(dir, 'journal.lock'), String(zombie));
      const journal = await createFileJournal({ dir });
      expect((await readFile(join(dir, 'journal.lock'), 'utf8')).trim()).toBe(String(process.pid));
      await journal.close();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  test('bigints are written as decimal strings', () => {
    const record = { ...sampleRecord(1), annotations: { amount: 12n } } as unknown as JournalRecord;
    const decoded = decodeRecord(encodeRecord(record));
    expect(decoded.type === 'topology' && decoded.annotations).toEqual({ amount: '12' });
  });

  // How fast is the replay benchmark's to say (bench/), not a timed assertion's.
  test('replays 100,000 records in order', async () => {
    const journal = await createFileJournal({ dir });
    const count = 100_000;
    await Promise.all(
      Array.from({ length: count }, (_, index) => journal.append(sampleRecord(index + 1))),
    );
    await journal.close();
    const reopened = await createFileJournal({ dir });
    let replayed = 0;
    let lastOffset = 0;
    for await (const record of reopened.replay()) {
      replayed += 1;
      if (record.type === 'topology') lastOffset = record.offset;
    }
    expect(replayed).toBe(count);
    expect(lastOffset).toBe(count);
    await reopened.close();
  });
});

describe('truncateFileJournal (a revert)', () => {
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

  test.each([
    ['one segment', undefined],
    ['many segments', 400],
  ])(
    'cuts %s at the byte where a record ended, as the journal said then',
    async (_name, segmentBytes) => {
      const journal = await createFileJournal(options(segmentBytes));
      const ends: number[] = [];
      for (let offset = 1; offset <= 6; offset += 1) {
        await journal.append(sampleRecord(offset));
        ends.push(journal.byteLength?.() ?? -1);
      }
      await journal.close();
      await truncateFileJournal(dir, 3, ends[2]);
      const reopened = await createFileJournal(options(segmentBytes));
      expect(await readAll(reopened)).toEqual([1, 2, 3].map(sampleRecord));
      // Reopened, it counts from the journal's first byte again.
      await reopened.append(sampleRecord(4));
      expect(reopened.byteLength?.()).toBe(ends[3]);
      await reopened.close();
      await truncateFileJournal(dir, 0, 0);
      const emptied = await createFileJournal(options(segmentBytes));
      expect(await readAll(emptied)).toEqual([]);
      await emptied.close();
    },
  );

  test('a cut at a byte reads none of the records before it', async () => {
    const journal = await createFileJournal({ dir, segmentBytes: 400 });
    const ends: number[] = [];
    for (let offset = 1; offset <= 6; offset += 1) {
      await journal.append(sampleRecord(offset));
      ends.push(journal.byteLength?.() ?? -1);
    }
    await journal.close();
    const segments = await listSegments(dir);
    const [first, last] = [segments[0], segments.at(-1)];
    if (!first || !last || first === last) throw new Error('expected several segments');
    // Counting would stop at this damage; the cut at a byte never looks there.
    await flipByte(first.path, 20);
    await expect(truncateFileJournal(dir, 5)).rejects.toThrow(JournalCorruptionError);
    await truncateFileJournal(dir, 5, ends[4]);
    expect((await listSegments(dir)).map((segment) => segment.path)).not.toContain(last.path);
  });

  test('a byte that is not where a record starts is not trusted: the records are counted', async () => {
    await written(6, 400);
    await truncateFileJournal(dir, 3, 17);
    const reopened = await createFileJournal({ dir, segmentBytes: 400 });
    expect(await readAll(reopened)).toEqual([1, 2, 3].map(sampleRecord));
    await reopened.close();
  });

  test('refuses to cut a journal shorter than asked', async () => {
    await written(2);
    await expect(truncateFileJournal(dir, 5)).rejects.toThrow('holds 2 records, not 5');
  });
});

/** Records' lines in shared memory behind a few bytes that are not theirs, as a state file has them. */
function fillOf(records: readonly JournalRecord[], count = records.length): JournalFill {
  const text = `{"format":"not a record"}\n${records.map((record) => `${recordJson(record)}\n`).join('')}`;
  const bytes = Buffer.from(text);
  const data = new SharedArrayBuffer(bytes.length);
  bytes.copy(Buffer.from(data));
  return { data, from: text.indexOf('\n') + 1, to: bytes.length, count };
}

describe('a file journal opened with a fill', () => {
  test('holds the fill first and the appends after it, across segments and a reopen', async () => {
    const records = Array.from({ length: 300 }, (_, index) => sampleRecord(index + 1));
    const journal = await createFileJournal({ dir, segmentBytes: 4096, fill: fillOf(records) });
    // Appended before the fill is durable: it follows the fill all the same.
    const appended = journal.append(sampleRecord(301));
    await journal.filled();
    await appended;
    await journal.append(sampleRecord(302));
    const byteLength = journal.byteLength();
    await journal.close();

    expect((await listSegments(dir)).length).toBeGreaterThan(1);
    const reopened = await createFileJournal({ dir });
    expect(await readAll(reopened)).toEqual([...records, sampleRecord(301), sampleRecord(302)]);
    expect(reopened.byteLength()).toBe(byteLength);
    await reopened.close();
  });

  test('fails, and refuses appends, when the fill holds other than the records announced', async () => {
    const journal = await createFileJournal({ dir, fill: fillOf([sampleRecord(1)], 2) });
    await expect(journal.filled()).rejects.toThrow("the journal's fill holds 1 records, not 2");
    await expect(journal.append(sampleRecord(2))).rejects.toThrow();
    await journal.close();
  });

  test('writes nothing, and refuses appends, when a line of the fill is not a record', async () => {
    const fill = fillOf([sampleRecord(1), sampleRecord(2), sampleRecord(3)]);
    // The second record's line, damaged inside: still a `{…}` line, no longer JSON.
    const bytes = Buffer.from(fill.data);
    const second = bytes.indexOf('\n', bytes.indexOf('\n', fill.from) + 1) - 10;
    bytes[second] = 0x01;
    const journal = await createFileJournal({ dir, fill });
    await expect(journal.filled()).rejects.toThrow('a line that is not a journal record: record 2');
    await expect(journal.append(sampleRecord(4))).rejects.toThrow();
    await journal.close();
    const reopened = await createFileJournal({ dir });
    expect(await readAll(reopened)).toEqual([]);
    await reopened.close();
  });
});
