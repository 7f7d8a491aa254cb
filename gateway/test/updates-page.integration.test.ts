import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allocateParty,
  commands,
  createIou,
  createUser,
  json,
  wildcardFor,
} from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { startTestNode, type TestNode } from './test-node.ts';

type Page = {
  updates: Array<{ update: { Transaction?: { value: { offset: number } } } }>;
  lowestPageOffsetExclusive: number;
  highestPageOffsetInclusive: number;
  nextPageToken?: string;
};

describe('paging through updates with get-updates-page', () => {
  let node: TestNode;
  let alice: string;
  let offsets: number[];
  const updateFormat = () => ({
    includeTransactions: {
      eventFormat: wildcardFor(alice),
      transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
    },
  });
  const page = async (body: Record<string, unknown>) => {
    const response = await node.call('/v2/updates/get-updates-page', {
      user: 'alice-user',
      body: { updateFormat: updateFormat(), ...body },
    });
    const result = await json<Page>(response);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/updates/get-updates-page',
      status: 200,
      body: result,
    });
    return result;
  };
  const offsetsOf = (result: Page) => result.updates.map((u) => u.update.Transaction?.value.offset);

  beforeAll(async () => {
    node = await startTestNode();
    alice = await allocateParty(node, 'alice');
    await createUser(node, 'alice-user', [alice]);
    offsets = [];
    for (let i = 1; i <= 5; i++) {
      const response = await node.call('/v2/commands/submit-and-wait', {
        user: 'alice-user',
        body: commands([alice], [createIou(alice, alice, String(i))]),
      });
      offsets.push((await json<{ completionOffset: number }>(response)).completionOffset);
    }
  });
  afterAll(() => node.close());

  it('walks every transaction forwards, two at a time, and stops at the end it was given', async () => {
    const end = offsets.at(-1);
    const seen: unknown[] = [];
    let token: string | undefined;
    do {
      const result = await page({
        maxPageSize: 2,
        endOffsetInclusive: end,
        ...(token ? { pageToken: token } : {}),
      });
      seen.push(...offsetsOf(result));
      token = result.nextPageToken;
    } while (token);
    expect(seen).toEqual(offsets);
  });

  it('walks backwards from the end in descending order', async () => {
    const first = await page({ maxPageSize: 3, descendingOrder: true });
    expect(offsetsOf(first)).toEqual(offsets.slice(2).reverse());
    expect(first.nextPageToken).toBeDefined();
    const second = await page({
      maxPageSize: 3,
      descendingOrder: true,
      pageToken: first.nextPageToken,
    });
    expect(offsetsOf(second)).toEqual(offsets.slice(0, 2).reverse());
    expect(second.nextPageToken).toBeUndefined();
  });

  it('keeps a token for an open-ended forward read, which picks up what commits later', async () => {
    const current = await page({ maxPageSize: 100 });
    expect(offsetsOf(current)).toEqual(offsets);
    await node.call('/v2/commands/submit-and-wait', {
      user: 'alice-user',
      body: commands([alice], [createIou(alice, alice, '6')]),
    });
    const next = await page({ maxPageSize: 100, pageToken: current.nextPageToken });
    expect(next.updates).toHaveLength(1);
  });

  it('refuses a page token it did not issue', async () => {
    const response = await node.call('/v2/updates/get-updates-page', {
      user: 'alice-user',
      body: { updateFormat: updateFormat(), pageToken: 'bogus' },
    });
    expect(response.status).toBe(400);
  });
});
