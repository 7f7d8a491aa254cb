import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxRequestBodyBytes } from '../src/http/json-body.middleware.ts';
import { submitMutation } from './graphql-ledger.ts';
import { ledgerEnd, send } from './ledger-calls.ts';
import { allocateParty, commands, createIou, createUser } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// Canton bounds what a command may weigh by its Ledger API's max inbound message size (10 MiB
// unless the operator raises it); its JSON API answers a larger body 413 before any service
// sees it. Every path a command takes here holds to the same bound.

let node: TestNode;
let alice: string;

beforeAll(async () => {
  node = await startTestNode();
  alice = await allocateParty(node, 'size-alice');
  await createUser(node, 'size-alice', [alice]);
});
afterAll(() => node.close());

/** Commands creating an Iou whose currency makes the submission weigh exactly `bytes`. */
function weighing(bytes: number) {
  const iou = createIou(alice, alice, '1');
  const withCurrency = (currency: string) => ({
    ...submitted,
    commands: [
      {
        CreateCommand: {
          ...iou.CreateCommand,
          createArguments: { ...iou.CreateCommand.createArguments, currency },
        },
      },
    ],
  });
  const submitted = commands([alice], []);
  const base = JSON.stringify(withCurrency('')).length;
  return withCurrency('X'.repeat(bytes - base));
}

const tooLarge = (declared: number) =>
  `Request Content-Length of ${declared} bytes exceeds the configured limit of ${maxRequestBodyBytes} bytes`;

describe('the size of a command', () => {
  it('refuses a Ledger API submission over 10 MiB with 413, and commits nothing', async () => {
    const before = await ledgerEnd(node);
    const body = JSON.stringify(weighing(maxRequestBodyBytes + 1));
    const answer = await send(node, {
      method: 'post',
      path: '/v2/commands/submit-and-wait',
      body,
      user: 'size-alice',
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toBe(tooLarge(Buffer.byteLength(body)));
    expect(await ledgerEnd(node)).toBe(before);
  });

  it('refuses the same command through GraphQL with 413, and commits nothing', async () => {
    const before = await ledgerEnd(node);
    const body = JSON.stringify({
      query: submitMutation,
      variables: { commands: weighing(maxRequestBodyBytes + 1) },
    });
    const response = await fetch(`${node.url}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await node.token('size-alice')}`,
        'content-type': 'application/json',
      },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(tooLarge(Buffer.byteLength(body)));
    expect(await ledgerEnd(node)).toBe(before);
  });

  it('accepts a command of a megabyte through both', async () => {
    const rest = await send(node, {
      method: 'post',
      path: '/v2/commands/submit-and-wait',
      body: weighing(1024 * 1024),
      user: 'size-alice',
    });
    expect(rest.status, rest.text.slice(0, 200)).toBe(200);
    const response = await fetch(`${node.url}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await node.token('size-alice')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        query: submitMutation,
        variables: { commands: weighing(1024 * 1024) },
      }),
    });
    const answer = (await response.json()) as { errors?: unknown; data?: unknown };
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toMatchObject({ submitCommands: { updateId: expect.any(String) } });
  });
});
