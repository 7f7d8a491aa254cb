import { describe, expect, test } from 'vitest';
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
  synchronizerId,
} from '../../testing/engine.test-helper.ts';
import { type DomainError, isDomainError } from '../errors.ts';
import { isContractId, isUpdateId } from '../ids/ledger-ids.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';
import type { Journal } from '../journal.ts';
import { createLedgerEngine } from './ledger-engine.ts';

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error('expected a DomainError, but the call succeeded');
}

describe('ledger engine: commits', () => {
  test('create and exercise commit at consecutive offsets, published in order', async () => {
    const { engine, published } = await startEngine(createMemoryJournal(), { host: true });
    const created = await engine.submit(submission([createIou(bank, alice, '100.0')]));
    const [iouId = ''] = createdIds(created);
    const split = await engine.submit(
      submission([exercise(iouId, 'Iou_Split', { splitAmount: '30.0' })], { actAs: [alice] }),
    );
    expect([created.offset, split.offset]).toEqual([2, 3]);
    expect(engine.ledgerEnd()).toBe(3);
    expect(published.map((record) => record.type)).toEqual([
      'topology',
      'transaction',
      'transaction',
    ]);
    expect(isUpdateId(created.updateId) && isContractId(iouId)).toBe(true);
    expect(created.effectiveAt).toBe('2026-01-01T00:00:00.000000Z');
    expect(created.synchronizerId).toBe(synchronizerId);
    expect(engine.contracts.lookup(iouId)).toBeUndefined();
    const amounts = [...engine.contracts.values()].map(
      (contract) => contract.createArgument.amount,
    );
    expect(amounts.sort()).toEqual(['30.0000000000', '70.0000000000']);
  });

  test('a failing command changes nothing: no offset, no contract, nothing published', async () => {
    const { engine, published } = await startEngine(createMemoryJournal(), { host: true });
    const before = snapshotOf(engine);
    const error = await rejection(engine.submit(submission([createIou(bank, alice, '-5.0')])));
    expect(error.code).toBe('DAML_FAILURE');
    expect(snapshotOf(engine)).toEqual(before);
    expect(published).toHaveLength(1);
    const next = await engine.submit(submission([createIou(bank, alice, '5.0')]));
    expect(next.offset).toBe(2);
  });

  test('of 10 concurrent consuming exercises of one contract exactly one commits', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    const created = await engine.submit(submission([createIou(bank, alice, '10.0')]));
    const [iouId = ''] = createdIds(created);
    const attempts = Array.from({ length: 10 }, () =>
      engine.submit(
        submission([exercise(iouId, 'Iou_Transfer', { newOwner: bob })], { actAs: [alice] }),
      ),
    );
    const outcomes = await Promise.allSettled(attempts);
    const accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const codes = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' && isDomainError(outcome.reason) ? [outcome.reason.code] : [],
    );
    expect(accepted).toHaveLength(1);
    expect(codes).toEqual(Array(9).fill('CONTRACT_NOT_FOUND'));
  });

  test('ledger time honours minLedgerTime; record time stays the clock', async () => {
    const { engine, clock } = await startEngine(createMemoryJournal(), { host: true });
    // A second on: the record time is the clock's, not one after the topology record's.
    clock.advance(1_000_000n);
    const later = startMicros + 5_000_000n;
    const record = await engine.submit(
      submission([createIou(bank, alice, '1.0')], { minLedgerTimeMicros: later }),
    );
    expect(record.effectiveAt).toBe('2026-01-01T00:00:05.000000Z');
    expect(record.recordTime).toBe('2026-01-01T00:00:01.000000Z');
  });

  test('an accepted transfer offer can be accepted by the new owner', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    const [iouId = ''] = createdIds(
      await engine.submit(submission([createIou(bank, alice, '10.0')])),
    );
    const offer = await engine.submit(
      submission([exercise(iouId, 'Iou_Transfer', { newOwner: bob })], { actAs: [alice] }),
    );
    const [offerId = ''] = createdIds(offer);
    const accepted = await engine.submit(
      submission([exercise(offerId, 'IouTransfer_Accept', {}, iouTransferTemplate)], {
        actAs: [bob],
      }),
    );
    const [newIou = ''] = createdIds(accepted);
    expect(engine.contracts.lookup(newIou)?.createArgument.owner).toBe(bob);
    expect(engine.contracts.size).toBe(1);
  });
});

describe('ledger engine: checks before interpreting', () => {
  test('rejects a submission without actAs, for unhosted or unknown parties, or elsewhere', async () => {
    const { engine } = await startEngine(createMemoryJournal(), { host: true });
    const create = [createIou(bank, alice, '1.0')];
    const stranger = `Stranger::1220${'0'.repeat(64)}`;
    const cases: [Partial<Parameters<typeof submission>[1]>, string][] = [
      [{ actAs: [] }, 'MISSING_FIELD'],
      [{ actAs: [bank, stranger] }, 'NO_SYNCHRONIZER_FOR_SUBMISSION'],
      [{ readAs: [stranger] }, 'PARTY_NOT_KNOWN_ON_LEDGER'],
      [{ synchronizerId: `other::1220${'1'.repeat(64)}` }, 'NO_SYNCHRONIZER_FOR_SUBMISSION'],
      [
        { deduplicationPeriod: { kind: 'duration', micros: 8n * 24n * 3_600_000_000n } },
        'INVALID_DEDUPLICATION_PERIOD',
      ],
    ];
    for (const [overrides, code] of cases) {
      expect((await rejection(engine.submit(submission(create, overrides)))).code).toBe(code);
    }
    expect(engine.ledgerEnd()).toBe(1);
    await engine.submit(submission(create, { synchronizerId }));
  });

  test('refuses everything until recovery has run', async () => {
    const journal = createMemoryJournal();
    const { engine } = await startEngine(journal);
    await engine.commitTopology(hostParties([bank, alice]));
    const fresh = createLedgerEngine({
      journal,
      clock: { kind: 'wall', nowMicros: () => startMicros },
      packages: engine.packages,
      participantId: engine.participant.participantId,
      synchronizerId,
      publish: () => undefined,
    });
    const error = await rejection(fresh.submit(submission([createIou(bank, alice, '1.0')])));
    expect(error.code).toBe('UNAVAILABLE');
  });
});

describe('ledger engine: topology and admin records', () => {
  test('a topology plan gets the next offset and a fresh update id; one that throws writes nothing', async () => {
    const { engine, published } = await startEngine(createMemoryJournal());
    const first = await engine.commitTopology(hostParties([bank]));
    await expect(
      engine.commitTopology(() => {
        throw new Error('plan refused');
      }),
    ).rejects.toThrow('plan refused');
    const second = await engine.commitTopology(hostParties([alice]));
    expect([first.offset, second.offset]).toEqual([1, 2]);
    expect(first.updateId).not.toBe(second.updateId);
    expect(engine.participant.parties.has(alice)).toBe(true);
    expect(published).toEqual([first, second]);
  });

  test('admin records are journaled and published without taking an offset', async () => {
    const { engine, published } = await startEngine(createMemoryJournal());
    const record = await engine.commitAdmin((_state, recordTime) => ({
      type: 'admin',
      recordTime,
      change: { kind: 'test.noted' },
    }));
    expect(published).toEqual([record]);
    expect(engine.ledgerEnd()).toBe(0);
  });
});

describe('ledger engine: journal failure', () => {
  function failingAfter(appends: number): Journal {
    const inner = createMemoryJournal();
    let remaining = appends;
    return {
      append(record) {
        remaining -= 1;
        return remaining >= 0 ? inner.append(record) : Promise.reject(new Error('disk full'));
      },
      replay: () => inner.replay(),
      close: () => inner.close(),
    };
  }

  test('a failed append stops the engine: that call and every later one are UNAVAILABLE', async () => {
    const { engine, published } = await startEngine(failingAfter(1), { host: true });
    const failed = await rejection(engine.submit(submission([createIou(bank, alice, '1.0')])));
    expect(failed.code).toBe('UNAVAILABLE');
    expect(failed.cause).toEqual(new Error('disk full'));
    const later = await rejection(engine.submit(submission([createIou(bank, alice, '2.0')])));
    expect(later.code).toBe('UNAVAILABLE');
    expect(published).toHaveLength(1);
    expect(engine.ledgerEnd()).toBe(1);
  });
});
