import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  expectCantonError,
  expectPlainBadRequest,
  ledgerEnd,
  send,
  streamOverWebSocket,
} from './ledger-calls.ts';
import { commands, createIou, json, wildcardFor } from './ledger-fixtures.ts';
import {
  fixtureUsers,
  type LedgerFixture,
  setUpLedgerFixture,
} from './ledger-operation-fixture.ts';
import {
  type ErrorCase,
  errorCases,
  type OperationCase,
  validCases,
} from './ledger-operation-table.ts';
import { expectMatchesSpec, expectRequestMatchesSpec } from './openapi-validator.ts';
import {
  expectSpecAnswer,
  isExcludedOperation,
  ledgerOperations,
  type OperationKey,
  splitKey,
  valuesOf,
} from './spec-operations.ts';
import { startTestNode, type TestNode } from './test-node.ts';

let node: TestNode;
let fixture: LedgerFixture;

beforeAll(async () => {
  node = await startTestNode();
  fixture = await setUpLedgerFixture(node);
});
afterAll(() => node.close());

const covered = ledgerOperations().filter((key) => !isExcludedOperation(key));
const entries = <TCase>(table: Partial<Record<OperationKey, TCase>>) =>
  Object.entries(table) as Array<[OperationKey, TCase]>;

describe('the table of operations', () => {
  it('has a valid request for every operation of the 3.5 spec outside the excluded families', () => {
    const missing = covered.filter((key) => validCases[key] === undefined);
    expect(missing).toEqual([]);
    const unknown = Object.keys(validCases).filter((key) => !covered.includes(key as OperationKey));
    expect(unknown).toEqual([]);
    expect(covered.length).toBeGreaterThan(50);
  });

  it('names only operations of the spec among its failing requests', () => {
    const unknown = Object.keys(errorCases).filter((key) => !covered.includes(key as OperationKey));
    expect(unknown).toEqual([]);
  });

  it('sends JSON bodies the spec accepts as requests', async () => {
    for (const [key, operation] of entries(validCases)) {
      const sent = await operation.request(fixture);
      const isJson = sent.body !== undefined && !Buffer.isBuffer(sent.body);
      if (!isJson || typeof sent.body === 'string') continue;
      const { method, path } = splitKey(key);
      expectRequestMatchesSpec({ spec: 'ledger', method, path, body: sent.body });
    }
  });
});

async function runValid(key: OperationKey, operation: OperationCase): Promise<Answer> {
  const sent = await operation.request(fixture);
  const answer = await send(node, sent);
  const status = operation.status ?? 200;
  expect(answer.status, `${key}: ${answer.text.slice(0, 500)}`).toBe(status);
  expectSpecAnswer(key, answer);
  if (operation.code !== undefined) expect(answer.body).toHaveProperty('code', operation.code);
  await operation.outcome?.(answer, fixture, sent);
  return answer;
}

async function runError(key: OperationKey, operation: ErrorCase): Promise<void> {
  const sent = await operation.request(fixture);
  const answer = await send(node, sent);
  const { method, path } = splitKey(key);
  if (operation.plain) expectPlainBadRequest(answer);
  else if (operation.status >= 400) {
    expectCantonError(answer, { status: operation.status, method, path, ...codeOf(operation) });
  } else {
    expect(answer.status, answer.text).toBe(operation.status);
  }
  expectSpecAnswer(key, answer);
  await operation.outcome?.(answer, fixture, sent);
}

const codeOf = (operation: ErrorCase) =>
  operation.code === undefined ? {} : { code: operation.code };

describe('each operation, called with a valid request', () => {
  const working = entries(validCases);

  it.each(working)('%s answers as the spec documents and does what it says', async (key, op) => {
    await runValid(key, op);
  });
});

describe('each operation, called with a request that must fail', () => {
  const working = entries(errorCases);

  it.each(working)('%s refuses it with the documented status and body', async (key, op) => {
    await runError(key, op);
  });
});

describe('answers the spec requires beyond the body', () => {
  it('sends a package with its Canton-Package-Hash header', async () => {
    const answer = await send(node, { method: 'get', path: `/v2/packages/${fixture.packageId}` });
    expect(answer.status).toBe(200);
    expect(answer.headers['canton-package-hash']).toBe(fixture.packageId);
  });

  it('refuses an offset path parameter that is not an integer with a text/plain 400', async () => {
    const answer = await send(node, {
      method: 'get',
      path: `/v2/updates/transaction-tree-by-offset/1.5?parties=${encodeURIComponent(fixture.alice)}`,
      user: fixtureUsers.alice,
    });
    expectPlainBadRequest(answer);
  });

  it.each([['/v2/users?pageSize=ten'], ['/v2/parties?pageSize=ten']])(
    'refuses %s, a page size that is not a number, with a text/plain 400',
    async (path) => {
      expectPlainBadRequest(await send(node, { method: 'get', path }));
    },
  );

  it('refuses preferred-package-version without its required package-name', async () => {
    const answer = await send(node, {
      method: 'get',
      path: '/v2/interactive-submission/preferred-package-version',
    });
    expectPlainBadRequest(answer);
  });
});

type UpdateMessage = { update?: { Transaction?: { value: { updateId: string } } } };

const updatesRequest = (party: string, beginExclusive: number, endInclusive?: number) => ({
  beginExclusive,
  ...(endInclusive === undefined ? {} : { endInclusive }),
  updateFormat: {
    includeTransactions: {
      eventFormat: wildcardFor(party),
      transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
    },
  },
});

/** Each WebSocket message must be an element of the HTTP list form of the same operation. */
const expectElements = (path: string, messages: readonly unknown[]) =>
  expectMatchesSpec({ spec: 'ledger', method: 'post', path, status: 200, body: messages });

describe('the WebSocket channels of the asyncapi document', () => {
  it('answers daml.ws.auth and closes /v2/updates once a bounded request has its updates', async () => {
    const result = await streamOverWebSocket(node, {
      path: '/v2/updates',
      user: fixtureUsers.alice,
      request: updatesRequest(fixture.alice, 0, fixture.accepted.offset),
    });
    expect(result.protocol).toBe('daml.ws.auth');
    expect(result.closedByServer).toBe(true);
    expectElements('/v2/updates', result.messages);
    expect(valuesOf(result.messages, 'updateId')).toEqual([
      fixture.created.updateId,
      fixture.offered.updateId,
      fixture.accepted.updateId,
    ]);
  });

  it('streams a new transaction on /v2/updates as soon as it commits', async () => {
    const begin = await ledgerEnd(node);
    let submitted = '';
    const result = await streamOverWebSocket(node, {
      path: '/v2/updates',
      user: fixtureUsers.desk,
      request: updatesRequest(fixture.alice, begin),
      timeoutMs: 3000,
      until: (messages) => messages.length >= 1,
      onOpen: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const response = await node.call('/v2/commands/submit-and-wait', {
          user: fixtureUsers.desk,
          body: commands(
            [fixture.bank, fixture.alice],
            [createIou(fixture.bank, fixture.alice, '9')],
          ),
        });
        submitted = (await json<{ updateId: string }>(response)).updateId;
      },
    });
    expect(result.closedByServer).toBe(false);
    expectElements('/v2/updates', result.messages);
    const [first] = result.messages as UpdateMessage[];
    expect(first?.update?.Transaction?.value.updateId).toBe(submitted);
    expect(submitted).not.toBe('');
  });

  it('serves the legacy flat and tree channels for a bounded range', async () => {
    const request = {
      beginExclusive: 0,
      endInclusive: fixture.accepted.offset,
      filter: wildcardFor(fixture.bob),
    };
    for (const path of ['/v2/updates/flats', '/v2/updates/trees']) {
      const result = await streamOverWebSocket(node, { path, user: fixtureUsers.bob, request });
      expect(result.closedByServer, path).toBe(true);
      expectElements(path, result.messages);
      expect(valuesOf(result.messages, 'updateId'), path).toEqual([
        fixture.offered.updateId,
        fixture.accepted.updateId,
      ]);
    }
  });

  it('sends the active contracts on /v2/state/active-contracts and closes', async () => {
    const result = await streamOverWebSocket(node, {
      path: '/v2/state/active-contracts',
      user: fixtureUsers.bob,
      request: { activeAtOffset: fixture.accepted.offset, eventFormat: wildcardFor(fixture.bob) },
    });
    expect(result.closedByServer).toBe(true);
    expectElements('/v2/state/active-contracts', result.messages);
    expect(valuesOf(result.messages, 'contractId')).toEqual([fixture.bobIouId]);
  });

  it('streams the caller’s completions on /v2/commands/completions and keeps the socket open', async () => {
    const result = await streamOverWebSocket(node, {
      path: '/v2/commands/completions',
      user: fixtureUsers.bob,
      request: { parties: [fixture.bob], beginExclusive: 0 },
      timeoutMs: 500,
    });
    expect(result.closedByServer).toBe(false);
    expectElements('/v2/commands/completions', result.messages);
    expect(valuesOf(result.messages, 'updateId')).toEqual([fixture.accepted.updateId]);
  });

  it('answers a request message that does not decode with a JsCantonError and closes', async () => {
    const result = await streamOverWebSocket(node, {
      path: '/v2/updates',
      user: fixtureUsers.alice,
      request: { beginExclusive: 'yesterday' },
    });
    expect(result.closedByServer).toBe(true);
    expect(result.messages).toHaveLength(1);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/updates',
      status: 400,
      body: result.messages[0],
    });
    expect(result.messages[0]).toHaveProperty('code', 'INVALID_ARGUMENT');
  });
});
