import { describe, expect, test } from 'vitest';
import {
  alice,
  bank,
  bob,
  createdIds,
  createIou,
  exercise,
  iouTemplate,
  startEngine,
  submission,
} from '../../testing/engine.test-helper.ts';
import { noParties } from '../interpreter/parties.ts';
import type { CreatedNode, JournalRecord, TransactionRecord } from '../transaction.ts';
import { firstNodeOnly } from '../transaction.ts';
import { emptyList } from '../values/check-value.ts';
import { createMemoryJournal } from './memory-journal.ts';
import { decodeRecord, encodeRecord } from './record-codec.ts';
import { createStringPool } from './record-interning.ts';

/** Records of a small live ledger: parties, creates with and without observers, exercises. */
async function liveRecords(): Promise<JournalRecord[]> {
  const { engine, published } = await startEngine(createMemoryJournal(), { host: true });
  for (const owner of [alice, bob]) {
    await engine.submit(submission([createIou(bank, owner, '10.0')], { actAs: [bank, owner] }));
  }
  const createArguments = { issuer: bank, owner: alice, currency: 'USD', amount: '5.0' };
  const withObserver = await engine.submit(
    submission([
      {
        kind: 'create',
        templateId: iouTemplate,
        createArguments: { ...createArguments, observers: [bob] },
      },
    ]),
  );
  const [iouId = ''] = createdIds(withObserver);
  await engine.submit(
    submission([exercise(iouId, 'Iou_Transfer', { newOwner: bob })], { actAs: [alice] }),
  );
  const duplicate = submission([createIou(bank, alice, '1.0')]);
  await engine.submit(duplicate);
  await engine.submitAsync({ ...duplicate, submissionId: 'again' });
  return published;
}

function createdNode(record: JournalRecord | undefined): CreatedNode {
  const node = record?.type === 'transaction' ? record.nodes[0] : undefined;
  if (node?.kind !== 'created') throw new Error('expected a create');
  return node;
}

describe('interning decoded records', () => {
  test('a decoded record equals the record that was written', async () => {
    const records = await liveRecords();
    const pool = createStringPool();
    expect(records.map((record) => decodeRecord(encodeRecord(record), pool))).toEqual(records);
    expect(records.map((record) => record.type)).toContain('rejection');
  });

  test('equal party lists of decoded records are one frozen array, as in the live engine', async () => {
    const pool = createStringPool();
    const decoded = (await liveRecords()).map((record) => decodeRecord(encodeRecord(record), pool));
    const transactions = decoded.filter(
      (record): record is TransactionRecord => record.type === 'transaction',
    );
    const creates = transactions.filter((record) => record.nodes[0]?.kind === 'created');
    const [first, second, third] = creates.map((record) => createdNode(record));
    if (first === undefined || second === undefined || third === undefined) {
      throw new Error('expected three creates');
    }
    expect(second.signatories).not.toEqual(first.signatories);
    expect(third.signatories).toBe(first.signatories);
    expect(third.observers).toEqual([bob]);
    expect(first.witnesses).toBe(first.signatories);
    expect(first.observers).toBe(noParties);
    expect(first.createArgument.observers).toBe(emptyList);
    expect(transactions[0]?.rootNodeIds).toBe(firstNodeOnly);
    expect(Object.isFrozen(first.signatories)).toBe(true);
    const submitted = transactions.flatMap((record) => record.submission ?? []);
    expect(new Set(submitted.map((info) => info.actAs)).size).toBeLessThan(submitted.length);
  });

  test('a record decoded without a pool is equal too', async () => {
    for (const record of await liveRecords()) {
      expect(decodeRecord(encodeRecord(record))).toEqual(record);
    }
  });
});
