import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, send } from './ledger-calls.ts';
import { allocateParty, commands, createIou, createUser, iouTemplate } from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// POST /v2/commands/submit-and-wait is answered ahead of express when the token was seen
// before; with a query string (or a token seen for the first time) express's route answers.
// Both must give the very same answers, failures included.
const lanePath = '/v2/commands/submit-and-wait';
const routePath = `${lanePath}?via=express`;

let node: TestNode;
let token: string;
let bank: string;
let alice: string;

beforeAll(async () => {
  node = await startTestNode();
  bank = await allocateParty(node, 'bank');
  alice = await allocateParty(node, 'alice');
  await createUser(node, 'lane-desk', [bank, alice]);
  token = await node.token('lane-desk');
  // The first request with a token verifies it through express; from then on it is known.
  await send(node, { method: 'get', path: '/v2/state/ledger-end', token });
});
afterAll(() => node.close());

const submitBoth = (body: unknown) =>
  Promise.all(
    [lanePath, routePath].map((path) => send(node, { method: 'post', path, token, body })),
  );

/** The answer with what differs between two requests of one kind (ids, times) blanked. */
function comparable(answer: Answer) {
  const blank = (text: string) =>
    text
      .replace(/1220[0-9a-f]{64}/g, '<id>')
      .replace(/"traceId":"[^"]*"/g, '"traceId":""')
      .replace(/"completionOffset":\d+/g, '"completionOffset":0')
      .replace(/cmd-\d+-\d+/g, '<command>');
  return { status: answer.status, contentType: answer.contentType, text: blank(answer.text) };
}

describe('the submit-and-wait fast lane', () => {
  it('commits and answers as the express route does', async () => {
    const answers = await Promise.all(
      [lanePath, routePath].map((path) => {
        const body = commands([bank, alice], [createIou(bank, alice, '5.0')]);
        return send(node, { method: 'post', path, token, body });
      }),
    );
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expectMatchesSpec({
        spec: 'ledger',
        method: 'post',
        path: lanePath,
        status: answer.status,
        body: answer.body,
      });
    }
    const [lane, route] = answers.map(comparable);
    expect(lane).toEqual(route);
  });

  const failures: ReadonlyArray<readonly [string, () => unknown, number]> = [
    ['a body that is not JSON', () => '{"commands": [', 400],
    ['a body that does not decode', () => ({ commands: 'none' }), 400],
    ['an empty command list', () => commands([bank], []), 400],
    [
      'a party the user may not act as',
      () => commands(['someone::1220ab'], [createIou(bank, alice, '1.0')]),
      403,
    ],
    [
      'an unknown template',
      () =>
        commands(
          [bank],
          [{ CreateCommand: { templateId: `${iouTemplate}X`, createArguments: {} } }],
        ),
      404,
    ],
    ['a missing signatory', () => commands([bank], [createIou(bank, alice, '1.0')]), 400],
  ];

  it.each(failures)('answers %s as the express route does', async (_what, body, status) => {
    const request = body();
    const [lane, route] = (await submitBoth(request)).map(comparable);
    expect(lane?.status, lane?.text).toBe(status);
    expect(lane).toEqual(route);
  });

  it('refuses a duplicate command as the express route does', async () => {
    const body = commands([bank, alice], [createIou(bank, alice, '2.0')]);
    const first = await send(node, { method: 'post', path: lanePath, token, body });
    expect(first.status, first.text).toBe(200);
    const [lane, route] = (await submitBoth(body)).map(comparable);
    expect(lane?.status, lane?.text).toBe(409);
    expect(lane).toEqual(route);
  });

  it('answers a token it has not seen through express, and an unknown token with a 401', async () => {
    const fresh = await node.token('lane-desk-unknown-user');
    const body = commands([bank], [createIou(bank, bank, '1.0')]);
    const answer = await send(node, { method: 'post', path: lanePath, token: fresh, body });
    expect(answer.status, answer.text).toBe(403);
    const forged = await send(node, { method: 'post', path: lanePath, token: `${token}x`, body });
    expect(forged.status, forged.text).toBe(401);
  });
});
