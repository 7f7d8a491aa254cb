import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  alice,
  bank,
  bob,
  createdIds,
  createIou,
  exercise,
  hostParties,
  iouTransferTemplate,
  snapshotOf,
  startEngine,
  startMicros,
  submission,
} from '../../testing/engine.test-helper.ts';
import { createSimulatedClock } from '../clock.ts';
import type { Command } from '../commands.ts';
import { encodeContractBlob } from '../interpreter/contract-blob.ts';
import { createFileJournal } from '../journal/file-journal.ts';
import type { FlushStats } from '../journal/writer-thread.ts';
import { hasOffset } from '../transaction.ts';
import type { LedgerEngine } from './engine-types.ts';
import { parseRecordTimeMicros } from './timestamps.ts';

async function withDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-recovery-'));
  try {
    await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Restarts on the folder: a fresh engine recovered from the journal alone. */
async function restart(dir: string, nowMicros: bigint) {
  const journal = await createFileJournal({ dir });
  const started = await startEngine(journal, { clock: createSimulatedClock(nowMicros) });
  return { ...started, journal };
}

describe('ledger engine: recovery', () => {
  test('a restart rebuilds the same contracts, offsets, parties and dedup, then carries on', () =>
    withDir(async (dir) => {
      const journal = await createFileJournal({ dir });
      const { engine, clock, published } = await startEngine(journal, { host: true });
      const [iouId = ''] = createdIds(
        await engine.submit(submission([createIou(bank, alice, '50.0')])),
      );
      clock.advance(3_600_000_000n);
      await engine.submit(
        submission([exercise(iouId, 'Iou_Split', { splitAmount: '20.0' })], { actAs: [alice] }),
      );
      await journal.close();
      // A wall clock may be behind after a restart: record times must still not go backwards.
      const again = await restart(dir, startMicros);
      expect(snapshotOf(again.engine)).toEqual(snapshotOf(engine));
      expect(again.published).toEqual(published);
      // Blobs are derived from the stored fields, field order included: a restart keeps them.
      const blobs = (from: LedgerEngine) => snapshotOf(from).contracts.map(encodeContractBlob);
      expect(blobs(again.engine)).toEqual(blobs(engine));
      const next = await again.engine.submit(
        submission([createIou(bank, bob, '1.0')], { actAs: [bank, bob] }),
      );
      expect(next.offset).toBe(engine.ledgerEnd() + 1);
      // Strictly after the last record time; the ledger time is the last one the journal reached.
      expect(next.recordTime).toBe('2026-01-01T01:00:00.000001Z');
      expect(next.effectiveAt).toBe('2026-01-01T01:00:00.000000Z');
      expect(createdIds(next).some((id) => engine.contracts.lookup(id) !== undefined)).toBe(false);
      await again.journal.close();
    }));

  test('concurrent submissions share group-commit flushes of the file journal', () =>
    withDir(async (dir) => {
      const flushes: FlushStats[] = [];
      const journal = await createFileJournal({ dir, onFlush: (stats) => flushes.push(stats) });
      const { engine } = await startEngine(journal, { host: true });
      flushes.length = 0;
      const records = await Promise.all(
        Array.from({ length: 50 }, () =>
          engine.submit(submission([createIou(bank, alice, '1.0')])),
        ),
      );
      expect(records.map((record) => record.offset)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 2),
      );
      expect(flushes.reduce((sum, flush) => sum + flush.records, 0)).toBe(50);
      expect(flushes.length).toBeLessThanOrEqual(3);
      await journal.close();
    }));
});

const partyPool = [bank, alice, bob];
const party = fc.integer({ min: 0, max: 2 }).map((index) => partyPool[index] ?? bank);
const target = fc.nat({ max: 1000 });
const operation = fc.oneof(
  fc.record({
    kind: fc.constant('create'),
    issuer: party,
    owner: party,
    amount: fc.integer({ min: -2, max: 100 }),
  }),
  fc.record({ kind: fc.constant('split'), target, amount: fc.integer({ min: 1, max: 120 }) }),
  fc.record({ kind: fc.constant('transfer'), target, newOwner: party }),
  fc.record({ kind: fc.constant('accept'), target, as: party }),
  fc.record({ kind: fc.constant('archive'), target }),
  fc.record({ kind: fc.constant('host'), name: fc.constantFrom('Carol', 'Dave', 'Erin') }),
  fc.record({ kind: fc.constant('advance'), minutes: fc.integer({ min: 1, max: 600 }) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer TValue> ? TValue : never;
const step = fc.record({
  operation,
  commandId: fc.oneof(fc.constantFrom('reused-1', 'reused-2'), fc.uuid()),
  async: fc.boolean(),
});
type Step = typeof step extends fc.Arbitrary<infer TValue> ? TValue : never;

/** The command (and acting parties) an operation stands for, against the current contracts. */
function commandOf(engine: LedgerEngine, operation: Operation, known: readonly string[]) {
  if (operation.kind === 'create') {
    const command = createIou(operation.issuer, operation.owner, `${operation.amount}.0`);
    return { command, actAs: [operation.issuer, operation.owner] };
  }
  if (!('target' in operation)) return null;
  const contractId = known[operation.target % Math.max(known.length, 1)] ?? `00${'0'.repeat(136)}`;
  const payload = engine.contracts.lookup(contractId)?.createArgument;
  const owner = typeof payload?.owner === 'string' ? payload.owner : alice;
  const issuer = typeof payload?.issuer === 'string' ? payload.issuer : bank;
  const byKind: Record<string, { command: Command; actAs: string[] }> = {
    split: {
      command: exercise(contractId, 'Iou_Split', {
        splitAmount: `${'amount' in operation ? operation.amount : 1}.0`,
      }),
      actAs: [owner],
    },
    transfer: {
      command: exercise(contractId, 'Iou_Transfer', {
        newOwner: 'newOwner' in operation ? operation.newOwner : bob,
      }),
      actAs: [owner],
    },
    accept: {
      command: exercise(contractId, 'IouTransfer_Accept', {}, iouTransferTemplate),
      actAs: ['as' in operation ? operation.as : bob],
    },
    archive: { command: exercise(contractId, 'Archive'), actAs: [issuer, owner] },
  };
  return byKind[operation.kind] ?? null;
}

function runStep(engine: LedgerEngine, known: readonly string[], entry: Step): Promise<unknown> {
  const { operation } = entry;
  if (operation.kind === 'host') {
    const hint = `${operation.name}::${bank.slice(bank.indexOf('::') + 2)}`;
    return engine.commitTopology(hostParties([hint]));
  }
  const prepared = commandOf(engine, operation, known);
  if (prepared === null) return Promise.resolve();
  const request = submission([prepared.command], {
    commandId: entry.commandId,
    submissionId: `${entry.commandId}-${known.length}`,
    actAs: [...new Set(prepared.actAs)],
  });
  return entry.async ? engine.submitAsync(request) : engine.submit(request);
}

describe('ledger engine: recovery law', () => {
  test.prop(
    [fc.array(fc.array(step, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 12 })],
    {
      numRuns: 25,
    },
  )(
    'a fresh engine recovered from the folder has the same state and republishes the same records',
    (batches) =>
      withDir(async (dir) => {
        const journal = await createFileJournal({ dir });
        const { engine, clock, published } = await startEngine(journal, { host: true });
        for (const batch of batches) {
          // Every contract ever created, archived or not: stale references make invalid commands.
          const known = published.flatMap((record) =>
            record.type === 'transaction' ? createdIds(record) : [],
          );
          const started = batch.map((entry) => {
            if (entry.operation.kind === 'advance')
              clock.advance(BigInt(entry.operation.minutes) * 60_000_000n);
            return runStep(engine, known, entry);
          });
          await Promise.allSettled(started);
        }
        await journal.close();
        const offsets = published.filter(hasOffset).map((record) => record.offset);
        expect(offsets).toEqual(offsets.map((_, index) => index + 1));
        const times = published.map((record) => parseRecordTimeMicros(record.recordTime));
        expect(
          times.filter((time, index) => index > 0 && time <= (times[index - 1] ?? 0n)),
        ).toEqual([]);
        const again = await restart(dir, clock.nowMicros());
        expect(snapshotOf(again.engine)).toEqual(snapshotOf(engine));
        expect(again.published).toEqual(published);
        // The replay rebuilt the last record time: the next record follows it, or is the clock's.
        const next = await again.engine.commitAdmin((_state, recordTime) => ({
          type: 'admin',
          recordTime,
          change: { kind: 'test.noted' },
        }));
        const after = (times.at(-1) ?? 0n) + 1n;
        const now = clock.nowMicros();
        expect(parseRecordTimeMicros(next.recordTime)).toBe(now > after ? now : after);
        await again.journal.close();
      }),
  );
});
