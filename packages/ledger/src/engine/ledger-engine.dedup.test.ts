import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  alice,
  bank,
  bob,
  createIou,
  startEngine,
  submission,
} from '../../testing/engine.test-helper.ts';
import { isDomainError } from '../errors.ts';
import { createFileJournal } from '../journal/file-journal.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';
import type { Journal } from '../journal.ts';
import type { JournalRecord } from '../transaction.ts';
import { parseRecordTimeMicros } from './timestamps.ts';

const hourMicros = 3_600_000_000n;
const create = [createIou(bank, alice, '10.0')];
/**
 * Periods run from the acceptance's record time, which is one after the parties' topology
 * record when both were committed in the same microsecond of the clock.
 */
const acceptedAt = (record: { readonly recordTime: string }) =>
  parseRecordTimeMicros(record.recordTime);

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ACCEPTED';
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
}

async function withFileJournal(body: (open: () => Promise<Journal>) => Promise<void>) {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-engine-'));
  try {
    await body(() => createFileJournal({ dir }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('ledger engine: command deduplication', () => {
  for (const [name, open] of [
    ['memory', () => Promise.resolve(createMemoryJournal())],
    ['file', null],
  ] as const) {
    test(`of 10 parallel submissions of one change exactly one is accepted (${name} journal)`, async () => {
      const run = async (journal: Journal) => {
        const { engine } = await startEngine(journal, { host: true });
        const request = submission(create, { commandId: 'same-command' });
        const codes = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            errorCode(engine.submit({ ...request, submissionId: `submission-${index}` })),
          ),
        );
        expect(codes.filter((code) => code === 'ACCEPTED')).toHaveLength(1);
        const others = codes.filter((code) => code !== 'ACCEPTED');
        for (const code of others)
          expect(['DUPLICATE_COMMAND', 'SUBMISSION_ALREADY_IN_FLIGHT']).toContain(code);
        expect(engine.ledgerEnd()).toBe(2);
        await journal.close();
      };
      if (open) await run(await open());
      else await withFileJournal(async (openFile) => run(await openFile()));
    });
  }

  test('a resubmission that arrives before the first is durable is SUBMISSION_ALREADY_IN_FLIGHT', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    const request = submission(create, { submissionId: 'first' });
    const first = engine.submit(request);
    const second = await engine
      .submit({ ...request, submissionId: 'second' })
      .catch((error) => error);
    expect(isDomainError(second) && second.code).toBe('SUBMISSION_ALREADY_IN_FLIGHT');
    expect(isDomainError(second) && second.details.existingSubmissionId).toBe('Some(first)');
    await first;
  });

  test('a resubmission after acceptance is DUPLICATE_COMMAND naming the first, and commits nothing', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    const request = submission(create, { submissionId: 'first', actAs: [bank, alice] });
    const accepted = await engine.submit(request);
    const duplicate = await engine
      .submit({ ...request, submissionId: 'again', actAs: [alice, bank] })
      .catch((error) => error);
    expect(isDomainError(duplicate) && duplicate.code).toBe('DUPLICATE_COMMAND');
    expect(isDomainError(duplicate) && duplicate.details).toMatchObject({
      existing_submission_id: 'first',
      completion_offset: String(accepted.offset),
      existing_update_id: accepted.updateId,
    });
    expect(engine.ledgerEnd()).toBe(accepted.offset);
    expect(engine.contracts.size).toBe(1);
  });

  test('another user, another actAs set or another command id is another change', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    const request = submission(create, { commandId: 'c' });
    await engine.submit(request);
    await engine.submit({ ...request, userId: 'other-user' });
    await engine.submit({ ...request, actAs: [bank, alice, bob] });
    expect(await errorCode(engine.submit({ ...request, actAs: [alice, bank, alice] }))).toBe(
      'DUPLICATE_COMMAND',
    );
    await engine.submit({ ...request, commandId: 'd' });
    expect(engine.contracts.size).toBe(4);
  });

  test('a rejected submission does not count: the same change may be submitted again', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    const failing = submission([createIou(bank, alice, '0.0')], { commandId: 'retry-me' });
    expect(await errorCode(engine.submit(failing))).toBe('DAML_FAILURE');
    expect(await errorCode(engine.submit({ ...failing, commands: create }))).toBe('ACCEPTED');
  });

  test('a duration period ends: after it the same change is accepted again', async () => {
    const { engine, clock } = await startEngine(createMemoryJournal(), { host: true });
    const request = submission(create, {
      deduplicationPeriod: { kind: 'duration', micros: hourMicros },
    });
    const accepted = await engine.submit(request);
    clock.set(acceptedAt(accepted) + hourMicros - 1n);
    expect(await errorCode(engine.submit(request))).toBe('DUPLICATE_COMMAND');
    clock.advance(1n);
    expect(await errorCode(engine.submit(request))).toBe('ACCEPTED');
  });

  test('the default period is the maximum deduplication duration, seven days', async () => {
    const { engine, clock } = await startEngine(createMemoryJournal(), { host: true });
    const request = submission(create);
    const accepted = await engine.submit(request);
    clock.set(acceptedAt(accepted) + 7n * 24n * hourMicros - 1n);
    expect(await errorCode(engine.submit(request))).toBe('DUPLICATE_COMMAND');
    clock.advance(1n);
    expect(await errorCode(engine.submit(request))).toBe('ACCEPTED');
  });

  test('an offset period catches only acceptances after that offset', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    const request = submission(create);
    const accepted = await engine.submit(request);
    const since = (offset: number) => ({
      ...request,
      deduplicationPeriod: { kind: 'offset', offset } as const,
    });
    expect(await errorCode(engine.submit(since(accepted.offset - 1)))).toBe('DUPLICATE_COMMAND');
    expect(await errorCode(engine.submit(since(accepted.offset)))).toBe('ACCEPTED');
  });

  test('an acceptance a week old is forgotten, and a restart forgets it the same way', async () => {
    const records: JournalRecord[] = [];
    const { engine, clock } = await startEngine(createMemoryJournal({ records }), { host: true });
    const request = submission(create);
    const accepted = await engine.submit(request);
    clock.set(acceptedAt(accepted) + 7n * 24n * hourMicros);
    // The next acceptance drops the first, which no period may reach any more.
    await engine.submit(submission(create));
    const since = (offset: number) => ({
      ...request,
      deduplicationPeriod: { kind: 'offset', offset } as const,
    });
    const tooEarly = await engine.submit(since(accepted.offset - 1)).catch((error) => error);
    expect(isDomainError(tooEarly) && tooEarly.code).toBe('INVALID_DEDUPLICATION_PERIOD');
    expect(isDomainError(tooEarly) && tooEarly.details).toMatchObject({
      earliest_offset: String(accepted.offset),
    });
    const again = await startEngine(createMemoryJournal({ records }), { clock });
    expect(await errorCode(again.engine.submit(since(accepted.offset - 1)))).toBe(
      'INVALID_DEDUPLICATION_PERIOD',
    );
    expect(await errorCode(again.engine.submit(since(accepted.offset)))).toBe('ACCEPTED');
  });

  test('deduplication survives a restart of a file journal', async () => {
    await withFileJournal(async (open) => {
      const request = submission(create, { submissionId: 'before-restart' });
      const firstJournal = await open();
      const first = await startEngine(firstJournal, { host: true });
      const accepted = await first.engine.submit(request);
      await firstJournal.close();
      const secondJournal = await open();
      const second = await startEngine(secondJournal, { clock: first.clock });
      const duplicate = await second.engine
        .submit({ ...request, submissionId: 'after-restart' })
        .catch((error) => error);
      expect(isDomainError(duplicate) && duplicate.details).toMatchObject({
        existing_submission_id: 'before-restart',
        completion_offset: String(accepted.offset),
      });
      expect(second.engine.ledgerEnd()).toBe(accepted.offset);
      await secondJournal.close();
    });
  });
});

describe('ledger engine: asynchronous submission', () => {
  test('a duplicate becomes a DUPLICATE_COMMAND rejection completion at the next offset', async () => {
    const { engine, published } = await startEngine(createMemoryJournal(), { host: true });
    const request = submission(create, { submissionId: 'first' });
    await engine.submitAsync(request);
    const accepted = published.at(-1);
    await engine.submitAsync({ ...request, submissionId: 'second' });
    const completion = published.at(-1);
    if (accepted?.type !== 'transaction' || completion?.type !== 'rejection') {
      throw new Error('expected a transaction, then a rejection');
    }
    expect(completion).toMatchObject({
      type: 'rejection',
      offset: accepted.offset + 1,
      submission: { commandId: request.commandId, submissionId: 'second' },
      status: { code: 'DUPLICATE_COMMAND', grpcCode: 6 },
    });
    expect(published.at(-1)).toEqual(completion);
    expect(engine.ledgerEnd()).toBe(completion.offset);
    expect(engine.contracts.size).toBe(1);
  });

  test('interpretation errors and in-flight resubmissions are thrown to the caller', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    expect(await errorCode(engine.submitAsync(submission([createIou(bank, alice, '0.0')])))).toBe(
      'DAML_FAILURE',
    );
    const request = submission(create);
    const first = engine.submitAsync(request);
    expect(await errorCode(engine.submitAsync(request))).toBe('SUBMISSION_ALREADY_IN_FLIGHT');
    await first;
    expect(engine.ledgerEnd()).toBe(2);
  });
});
