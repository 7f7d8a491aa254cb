import { describe, expect, test } from 'vitest';
import {
  alice,
  bank,
  bob,
  createdIds,
  createIou,
  hostParties,
  startEngine,
  startMicros,
  submission,
} from '../../testing/engine.test-helper.ts';
import {
  createTestKey,
  signBase64,
  startExternalLedger,
  walletPrepareRequest,
} from '../../testing/external-ledger.test-helper.ts';
import {
  app1,
  assign,
  globalId,
  reassignment,
  startTwoSynchronizerEngine,
  unassign,
} from '../../testing/reassignment.test-helper.ts';
import { createSimulatedClock, formatMicros } from '../clock.ts';
import { signingKeyOf } from '../external/signing-keys.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';
import type { JournalRecord } from '../transaction.ts';
import { parseRecordTimeMicros } from './timestamps.ts';

const microsOf = (records: readonly JournalRecord[]) =>
  records.map((record) => parseRecordTimeMicros(record.recordTime));

/** The record times of `records`, relative to the start; each one after the one before. */
function expectStrictlyIncreasing(records: readonly JournalRecord[]): bigint[] {
  const times = microsOf(records);
  times.forEach((time, index) => {
    if (index > 0) expect(time).toBeGreaterThan(times[index - 1] ?? time);
  });
  return times.map((time) => time - startMicros);
}

describe('ledger engine: record times', () => {
  test('records of one microsecond get unique, increasing record times; ledger time stays the clock', async () => {
    const { engine, published } = await startEngine(createMemoryJournal(), { host: true });
    const first = submission([createIou(bank, alice, '1.0')]);
    await Promise.all([
      ...Array.from({ length: 4 }, () =>
        engine.submit(submission([createIou(bank, alice, '2.0')])),
      ),
      engine.submitAsync(first),
      engine.commitAdmin((_state, recordTime) => ({
        type: 'admin',
        recordTime,
        change: { kind: 'test.noted' },
      })),
      engine.commitTopology(hostParties([bob])),
    ]);
    // The same change again: its completion is a rejection, which takes a record time too.
    await engine.submitAsync({ ...first, submissionId: 'again' });
    expect(published.map((record) => record.type)).toEqual([
      'topology',
      ...Array(5).fill('transaction'),
      'admin',
      'topology',
      'rejection',
    ]);
    expect(expectStrictlyIncreasing(published)).toEqual([0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n]);
    const now = formatMicros(startMicros);
    for (const record of published) {
      if (record.type !== 'transaction') continue;
      expect(record.effectiveAt).toBe(now);
      for (const id of createdIds(record)) expect(engine.contracts.lookup(id)?.createdAt).toBe(now);
    }
  });

  test('a clock that moved on is the record time as it is', async () => {
    const { engine, clock } = await startEngine(createMemoryJournal(), { host: true });
    await engine.submit(submission([createIou(bank, alice, '1.0')]));
    clock.advance(1_000_000n);
    const later = await engine.submit(submission([createIou(bank, alice, '1.0')]));
    expect(later.recordTime).toBe('2026-01-01T00:00:01.000000Z');
    expect(later.effectiveAt).toBe(later.recordTime);
  });

  test('reassignments take record times after the records before them', async () => {
    const { engine, published } = await startTwoSynchronizerEngine(createMemoryJournal(), {
      host: true,
    });
    const created = await engine.submit(
      submission([createIou(bank, alice, '1.0')], { synchronizerId: globalId }),
    );
    const out = await engine.submitReassignment(
      reassignment(alice, [unassign(createdIds(created)[0] ?? '', globalId, app1)]),
    );
    await engine.submitReassignment(
      reassignment(alice, [assign(out.reassignmentId, globalId, app1)]),
    );
    expect(published.map((record) => record.type)).toEqual([
      'topology',
      'topology',
      'transaction',
      'reassignment',
      'reassignment',
    ]);
    expect(expectStrictlyIncreasing(published)).toEqual([0n, 1n, 2n, 3n, 4n]);
  });

  test('a restart within the same microsecond continues after the last record time', async () => {
    const records: JournalRecord[] = [];
    const clock = createSimulatedClock(startMicros);
    const live = await startEngine(createMemoryJournal({ records }), { clock, host: true });
    await Promise.all(
      Array.from({ length: 3 }, () =>
        live.engine.submit(submission([createIou(bank, alice, '1.0')])),
      ),
    );
    const again = await startEngine(createMemoryJournal({ records }), { clock });
    const next = await again.engine.submit(submission([createIou(bank, alice, '1.0')]));
    expect(parseRecordTimeMicros(next.recordTime) - startMicros).toBe(4n);
    // Never before a contract already created, nor after the record time.
    expect(parseRecordTimeMicros(next.effectiveAt)).toBeGreaterThanOrEqual(startMicros);
    expect(parseRecordTimeMicros(next.effectiveAt)).toBeLessThan(
      parseRecordTimeMicros(next.recordTime),
    );
  });
});

describe('ledger engine: record times of externally signed transactions', () => {
  test('two executions in one microsecond get increasing record times, both at the clock’s ledger time', async () => {
    const ledger = await startExternalLedger();
    const key = createTestKey();
    const party = await ledger.onboard('carol', key);
    const signedBy = signingKeyOf(Buffer.from(key.publicKey, 'base64')).fingerprint;
    const execute = (index: number) => {
      const prepared = ledger.interactive.prepare(
        walletPrepareRequest(party, `command-${index}`, [createIou(party, party, '1.0')]),
      );
      const signature = signBase64(key, prepared.preparedTransactionHash);
      return ledger.interactive.execute(
        {
          preparedTransaction: prepared.preparedTransaction,
          partySignatures: [
            {
              party,
              signatures: [
                {
                  format: 'SIGNATURE_FORMAT_CONCAT',
                  signature,
                  signedBy,
                  signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
                },
              ],
            },
          ],
          submissionId: `submission-${index}`,
          userId: 'wallet',
          deduplicationPeriod: { kind: 'empty' },
          hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
          minLedgerTimeMicros: null,
        },
        'wait',
      );
    };
    const executed = await Promise.all([execute(1), execute(2)]);
    expectStrictlyIncreasing(ledger.published);
    const times = new Set(executed.map((record) => record.recordTime));
    expect(times.size).toBe(2);
    for (const record of executed) {
      expect(record.type === 'transaction' && record.effectiveAt).toBe(formatMicros(startMicros));
    }
  });
});
