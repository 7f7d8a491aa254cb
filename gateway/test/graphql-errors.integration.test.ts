import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, wsClient } from './graphql-harness.ts';
import { createUser } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

describe('GraphQL errors and limits', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode();
    await createUser(node, 'plain-user', []);
  });
  afterAll(async () => {
    node?.closeStreams();
    await node?.close();
  });

  it('answers a DomainError with its code, its message and the HTTP status of the code', async () => {
    const response = await gql(node, '{ contract(contractId: "00nothing") { contractId } }');
    expect(response.status).toBe(404);
    expect(response.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('00nothing'),
        path: ['contract'],
        extensions: expect.objectContaining({ code: 'CONTRACT_EVENTS_NOT_FOUND', status: 404 }),
      }),
    ]);
  });

  it('answers a refused mutation with PERMISSION_DENIED and 403', async () => {
    const response = await gql(
      node,
      'mutation { allocateParty(partyIdHint: "Nope") { party } }',
      {},
      { user: 'plain-user' },
    );
    expect(response.status).toBe(403);
    expect(response.errors[0]?.extensions).toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
  });

  it('answers malformed commands with INVALID_ARGUMENT', async () => {
    const response = await gql(
      node,
      'mutation { submitCommands(commands: { commandId: 1 }) { updateId } }',
    );
    expect(response.status).toBe(400);
    expect(response.errors[0]?.extensions?.code).toBe('INVALID_ARGUMENT');
  });

  it('answers an unparsable minLedgerTimeAbs with INVALID_ARGUMENT naming it, not a 500', async () => {
    // Masking of real bugs is covered against yoga itself in src/graphql/graphql-errors.test.ts:
    // this node has no internal failure a request can honestly trigger.
    const commands = {
      commandId: 'c',
      actAs: ['nobody::1220'],
      commands: [],
      minLedgerTimeAbs: 'soon',
    };
    const response = await gql(
      node,
      'mutation($c: JSON!) { submitCommands(commands: $c) { updateId } }',
      { c: commands },
    );
    expect(response.status).toBe(400);
    expect(response.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining("at 'minLedgerTimeAbs'"),
        path: ['submitCommands'],
        extensions: expect.objectContaining({ code: 'INVALID_ARGUMENT', status: 400 }),
      }),
    ]);
  });

  it('rejects a query nested too deep before running it', async () => {
    let selection = 'id';
    for (let level = 0; level < 8; level += 1) selection = `history { actor { ${selection} } }`;
    const response = await gql(node, `{ actors { ${selection} } }`);
    expect(response.status).toBe(400);
    expect(response.errors[0]?.extensions?.code).toBe('QUERY_TOO_DEEP');
    expect(response.data).toBeUndefined();
  });

  it('rejects a query that could return too much', async () => {
    const response = await gql(
      node,
      `{ updates(beginExclusive: 0, pageSize: 1000) { updates { ... on Transaction { events {
          ... on CreatedEvent { contract { payload signatories observers actor { id state history { to } } } } } } } } }`,
    );
    expect(response.status).toBe(400);
    expect(response.errors[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
  });

  it('applies the same limits and codes over WebSocket', async () => {
    const client = await wsClient(node, { user: 'plain-user' });
    let selection = 'id';
    for (let level = 0; level < 8; level += 1) selection = `history { actor { ${selection} } }`;
    const deep = client.subscribe(`subscription { actorTransitions { actor { ${selection} } } }`);
    const refused = client.subscribe(
      'subscription { updates(beginExclusive: 0, filter: { parties: ["x::1220"] }) { __typename } }',
    );
    const [[tooDeep], [denied]] = await Promise.all([deep.take(1), refused.take(1)]);
    await client.dispose();
    expect(tooDeep?.errors?.[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_DEEP' } });
    expect(denied?.errors?.[0]).toMatchObject({
      extensions: { code: 'PERMISSION_DENIED', status: 403 },
    });
  });

  it('serves the schema to an introspection without a token', async () => {
    const response = await gql(node, '{ __schema { queryType { name } } }', {}, { user: null });
    expect(response.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});
