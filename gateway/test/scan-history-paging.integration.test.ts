import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import {
  allocateParty,
  commands,
  createIou,
  createUser,
  exercise,
  iouTemplate,
  json,
} from './ledger-fixtures.ts';
import { scanOk, type UpdateItem, wholeHistory } from './scan-history-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// The paging laws of Scan's history: pages concatenate to the whole, without a duplicate or a
// gap, whatever the page sizes, and while transactions keep committing between pages.

type Page = { transactions: UpdateItem[] };
type TreeNode = { CreatedTreeEvent?: { value: { contractId: string } } };

/** Microseconds since the epoch of a record time with six fractional digits. */
const microsOf = (item: UpdateItem) =>
  Date.parse(item.record_time) * 1000 + Number(item.record_time.slice(23, 26));
/** Microseconds since the epoch → ISO-8601 with six fractional digits. */
const isoOf = (micros: number) =>
  `${new Date(Math.floor(micros / 1000)).toISOString().slice(0, 23)}${String(micros % 1000).padStart(3, '0')}Z`;

describe('paging through Scan’s update history', () => {
  let node: TestNode;
  let alice: string;
  let created = 0;

  const commit = async (count: number) => {
    for (let i = 0; i < count; i++) {
      created += 1;
      const response = await node.call('/v2/commands/submit-and-wait', {
        user: 'alice',
        body: commands([alice], [createIou(alice, alice, String(created))]),
      });
      await json(response);
    }
  };

  /**
   * Pages with the given sizes (cycled) until a short page, committing `during[i]`
   * transactions while page i is asked for (in flight together).
   */
  const pageThrough = async (sizes: readonly number[], during: readonly number[] = []) => {
    const seen: UpdateItem[] = [];
    for (let step = 0; ; step++) {
      const size = sizes[step % sizes.length] ?? 1;
      const last = seen.at(-1);
      const after = last
        ? { after: { after_migration_id: last.migration_id, after_record_time: last.record_time } }
        : {};
      const [page] = await Promise.all([
        scanOk<Page>(node, '/v2/updates', { page_size: size, ...after }),
        commit(during[step] ?? 0),
      ]);
      seen.push(...page.transactions);
      if (page.transactions.length < size && step >= during.length) return seen;
    }
  };

  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
    alice = await allocateParty(node, 'alice');
    await createUser(node, 'alice', [alice]);
    await commit(30);
    // An exercise whose result is a contract id: a Daml value that is not a record.
    const tree = await json<{ transactionTree: { eventsById: Record<string, TreeNode> } }>(
      await node.call('/v2/commands/submit-and-wait-for-transaction-tree', {
        user: 'alice',
        body: commands([alice], [createIou(alice, alice, '1')]),
      }),
    );
    const iou = tree.transactionTree.eventsById[0]?.CreatedTreeEvent?.value.contractId ?? '';
    const transfer = exercise(iouTemplate, iou, 'Iou_Transfer', { newOwner: alice });
    const body = commands([alice], [transfer]);
    await json(await node.call('/v2/commands/submit-and-wait', { user: 'alice', body }));
  });
  afterAll(() => node.close());

  test.prop([fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 4 })], {
    numRuns: 12,
  })('pages of any sizes concatenate to the whole history, once each, in order', async (sizes) => {
    const whole = (await wholeHistory(node)).map((item) => item.update_id);
    const paged = (await pageThrough(sizes)).map((item) => item.update_id);
    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(paged.length);
  });

  test.prop(
    [
      fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 3 }),
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }),
    ],
    { numRuns: 8 },
  )(
    'stays whole and free of duplicates while transactions commit as it pages',
    async (sizes, between) => {
      const before = created;
      const paged = await pageThrough(sizes, between);
      const whole = await wholeHistory(node);
      expect(created - before).toBe(between.reduce((sum, count) => sum + count, 0));
      expect(paged.map((item) => item.update_id)).toEqual(whole.map((item) => item.update_id));
      expect(paged).toEqual(whole);
    },
  );

  test.prop([fc.nat(), fc.integer({ min: 0, max: 2 })], { numRuns: 12 })(
    'continues after any record time with the first update strictly later',
    async (index, extraMicros) => {
      const whole = await wholeHistory(node);
      const pivot = microsOf(whole[index % whole.length] as UpdateItem) + extraMicros;
      const page = await scanOk<Page>(node, '/v2/updates', {
        page_size: 1000,
        after: { after_migration_id: 0, after_record_time: isoOf(pivot) },
      });
      expect(page.transactions).toEqual(whole.filter((item) => microsOf(item) > pivot));
    },
  );

  test.prop([fc.integer({ min: 1, max: 5 })], { numRuns: 3 })(
    'returns nothing after the last update, and the start after an earlier migration id',
    async (size) => {
      const whole = await wholeHistory(node);
      const last = whole.at(-1) as UpdateItem;
      const after = { after_migration_id: 0, after_record_time: last.record_time };
      const end = await scanOk<Page>(node, '/v2/updates', { page_size: size, after });
      expect(end.transactions).toEqual([]);
      const earlier = { after_migration_id: -1, after_record_time: last.record_time };
      const page = await scanOk<Page>(node, '/v2/updates', { page_size: size, after: earlier });
      expect(page.transactions).toEqual(whole.slice(0, size));
    },
  );
});
