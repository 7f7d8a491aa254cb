import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, wsClient } from './graphql-harness.ts';
import { ledgerEnd } from './ledger-calls.ts';
import { startTestNode, type TestNode } from './test-node.ts';

/** `{ a { a { … } } }`, `levels` deep. */
const nestedFields = (levels: number) => `${'{ a '.repeat(levels)}${'}'.repeat(levels)}`;
/** `{ __type(name: "Query") { ofType { ofType … { name } } } }`, `levels` deep. */
const nestedIntrospection = (levels: number) =>
  `{ __type(name: "Query") { ${'ofType { '.repeat(levels)}name${' }'.repeat(levels)} } }`;
/** A list argument nested `levels` deep: values recurse in the parser too. */
const nestedValue = (levels: number) =>
  `{ contract(contractId: ${'['.repeat(levels)}"x"${']'.repeat(levels)}) { contractId } }`;

describe('GraphQL operations that would run away', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
    await gqlData(node, 'mutation { onboardUser(name: "alice") }');
  });
  afterAll(async () => {
    node?.closeStreams();
    await node?.close();
  });

  it.each([
    ['10,000 levels of fields', nestedFields(10_000)],
    ['5,000 levels of __type ofType', nestedIntrospection(5_000)],
    ['a list value 10,000 levels deep', nestedValue(10_000)],
  ])('refuses %s with 400 QUERY_TOO_DEEP before parsing', async (_name, query) => {
    const response = await gql(node, query, {}, { user: 'alice' });
    expect(response.status).toBe(400);
    expect(response.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'QUERY_TOO_DEEP' }) }),
    ]);
  });

  it('refuses the same over graphql-ws', async () => {
    const client = await wsClient(node, { user: 'alice' });
    const [answer] = await client.subscribe(`subscription ${nestedFields(10_000)}`).take(1);
    await client.dispose();
    expect(answer?.errors?.[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_DEEP' } });
  });

  it('still answers a real introspection query', async () => {
    const data = await gqlData(node, nestedIntrospection(8).replace('"Query"', '"Wallet"'));
    expect(data).toHaveProperty('__type');
  });

  it('refuses a mutation of 10,000 root fields with 400 before any of them runs', async () => {
    const taps = Array.from({ length: 10_000 }, (_, i) => `a${i}: tap(amountUsd: "1")`).join(' ');
    const before = await ledgerEnd(node);
    const response = await gql(node, `mutation { ${taps} }`, {}, { user: 'alice' });
    expect(response.status).toBe(400);
    expect(response.errors).toEqual([
      expect.objectContaining({
        message: 'The mutation runs 10000 fields; at most 10 are allowed in one request',
        extensions: expect.objectContaining({ code: 'MUTATION_TOO_LARGE' }),
      }),
    ]);
    expect(response.data).toBeUndefined();
    expect(await ledgerEnd(node)).toBe(before);
  });

  it('runs a mutation of a few root fields', async () => {
    const data = await gqlData(
      node,
      'mutation { a: tap(amountUsd: "1") b: tap(amountUsd: "2") }',
      {},
      { user: 'alice' },
    );
    expect(Object.keys(data)).toEqual(['a', 'b']);
  });
});
