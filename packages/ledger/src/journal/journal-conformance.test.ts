import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeJournalConformance } from '../../testing/journal-conformance.ts';
import type { JournalRecord } from '../transaction.ts';
import { createFileJournal } from './file-journal.ts';
import { createMemoryJournal } from './memory-journal.ts';
import { listSegments } from './segment-files.ts';

describeJournalConformance('memory', {
  async createStorage() {
    const records: JournalRecord[] = [];
    return {
      open: () => Promise.resolve(createMemoryJournal({ records })),
      dispose: () => Promise.resolve(),
    };
  },
});

describeJournalConformance('file', {
  async createStorage() {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-journal-'));
    return {
      open: () => createFileJournal({ dir }),
      async appendRaw(bytes) {
        const last = (await listSegments(dir)).at(-1);
        if (!last) throw new Error('no segment to tear');
        await appendFile(last.path, bytes);
      },
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  },
});

describeJournalConformance('file with tiny segments', {
  async createStorage() {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-journal-'));
    return {
      open: () => createFileJournal({ dir, segmentBytes: 600 }),
      async appendRaw(bytes) {
        const last = (await listSegments(dir)).at(-1);
        if (!last) throw new Error('no segment to tear');
        await appendFile(last.path, bytes);
      },
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  },
});
