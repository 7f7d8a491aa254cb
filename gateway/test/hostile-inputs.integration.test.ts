import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from './graphql-harness.ts';
import { submitMutation } from './graphql-ledger.ts';
import { send } from './ledger-calls.ts';
import { allocateParty, commands, createIou, createUser } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// Inputs an attacker writes by hand: paths that climb out of the static folders, and JSON keys
// that would reach Object.prototype if a body were merged by assignment.

let node: TestNode;
let alice: string;

beforeAll(async () => {
  node = await startTestNode({ devnet: true });
  alice = await allocateParty(node, 'hostile-alice');
  await createUser(node, 'hostile-alice', [alice]);
});
afterAll(async () => {
  node.closeStreams();
  await node.close();
});

/** A GET with the path exactly as written: fetch would resolve `..` before sending it. */
function rawGet(path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${node.url}/`, { path, method: 'GET' }, (incoming) => {
      let text = '';
      incoming.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('static pages and path traversal', () => {
  it.each([
    '/inspect/../../../../../../etc/passwd',
    '/inspect/assets/../../../../package.json',
    '/wallet/assets/..%2f..%2f..%2f..%2fpackage.json',
    '/wallet/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/ui-kit/assets/....//....//....//etc/passwd',
    '/ui-kit/assets/..\\..\\..\\package.json',
    '/inspect/assets/%00index.html',
    '/inspect/assets/index.html%00.js',
  ])('serves nothing outside the page folders for %s', async (path) => {
    const answer = await rawGet(path);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.text).not.toMatch(/root:x?:0:0|"workspaces"|"devDependencies"/);
  });
});

const pollution = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}';
const isPolluted = () =>
  (Object.prototype as Record<string, unknown>).polluted !== undefined ||
  ({} as Record<string, unknown>).polluted !== undefined;

describe('prototype-pollution keys', () => {
  const refusedKey = 'Invalid value for: body (the key "__proto__" is not accepted)';

  it.each([
    ['as written', '{"user":{"id":"hostile-user","metadata":{"annotations":{"__proto__":"x"}}}}'],
    [
      'escaped',
      '{"user":{"id":"hostile-user","metadata":{"annotations":{"\\u005f_proto__":"x"}}}}',
    ],
    ['nested', `{"user":{"id":"hostile-user"},"rights":[${pollution}]}`],
  ])(
    'are refused in a Ledger API body (%s) with a text/plain 400, creating nothing',
    async (_how, body) => {
      const created = await send(node, { method: 'post', path: '/v2/users', body });
      expect(created.status).toBe(400);
      expect(created.text).toBe(refusedKey);
      const stored = await send(node, { method: 'get', path: '/v2/users/hostile-user' });
      expect(stored.status).toBe(404);
      expect(isPolluted()).toBe(false);
    },
  );

  it('keep other odd keys as the plain keys they are', async () => {
    const created = await send(node, {
      method: 'post',
      path: '/v2/users',
      body: '{"user":{"id":"odd-keys","metadata":{"annotations":{"constructor":"y","prototype":"z"}}}}',
    });
    expect(created.status, created.text).toBe(200);
    const stored = await send(node, { method: 'get', path: '/v2/users/odd-keys' });
    const { annotations } = (stored.body as { user: { metadata: { annotations: object } } }).user
      .metadata;
    expect(Object.getPrototypeOf(annotations)).toBe(Object.prototype);
    expect(Object.entries(annotations)).toEqual([
      ['constructor', 'y'],
      ['prototype', 'z'],
    ]);
  });

  it('reach no prototype through a contract argument, over REST and GraphQL', async () => {
    const iou = createIou(alice, alice, '1');
    const body = JSON.stringify(commands([alice], [iou])).replace(
      '"currency":"USD"',
      `"currency":"USD","__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}`,
    );
    const rest = await send(node, {
      method: 'post',
      path: '/v2/commands/submit-and-wait',
      body,
      user: 'hostile-alice',
    });
    expect(rest.status).toBe(400);
    expect(rest.text).toBe(refusedKey);
    const graphql = await gql(
      node,
      submitMutation,
      { commands: JSON.parse(body) },
      { user: 'hostile-alice' },
    );
    expect(graphql.status).toBeLessThan(500);
    expect(isPolluted()).toBe(false);
  });

  it('reach no prototype through the validator API, GraphQL variables or a query string', async () => {
    const response = await fetch(`${node.url}/api/validator/v0/wallet/transfer-offers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await node.token('hostile-alice')}`,
        'content-type': 'application/json',
      },
      body: pollution,
    });
    expect(response.status).toBe(400);
    const variables = await fetch(`${node.url}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await node.token('hostile-alice')}`,
        'content-type': 'application/json',
      },
      body: `{"query":"query($f: JSON) { __typename }","variables":${pollution}}`,
    });
    expect(variables.status).toBeLessThan(500);
    const query = await rawGet(
      '/v2/users?__proto__[polluted]=yes&constructor[prototype][polluted]=yes',
    );
    expect(query.status).toBeLessThan(500);
    expect(isPolluted()).toBe(false);
  });

  it('leaves the node working for everyone afterwards', async () => {
    const answer = await send(node, {
      method: 'post',
      path: '/v2/commands/submit-and-wait',
      body: commands([alice], [createIou(alice, alice, '2')]),
      user: 'hostile-alice',
    });
    expect(answer.status, answer.text).toBe(200);
    const users = await send(node, { method: 'get', path: '/v2/users' });
    expect(users.status).toBe(200);
  });
});
