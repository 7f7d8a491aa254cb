import type { Clock, SimulatedClock } from '@pocketnet/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createExternalKey,
  executeRequest,
  onboardExternalParty,
  post,
  prepare,
} from './external-fixtures.ts';
import { type Answer, expectCantonError, ledgerEnd, send } from './ledger-calls.ts';
import { allocateParty, commands, createIou, createUser } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// Deduplication periods given as offsets, as Canton 3.5 takes them: 0 is the participant's
// begin, an offset past the ledger end holds no earlier acceptance, a negative one is refused,
// and one that reaches back before what the participant still remembers (its pruned
// deduplication state; here: acceptances older than the 7-day maximum deduplication duration)
// is refused with INVALID_DEDUPLICATION_PERIOD and the earliest offset it could start from.

let node: TestNode;
let bank: string;
const submitPath = '/v2/commands/submit-and-wait';
const asyncPath = '/v2/commands/async/submit';
const day = 24n * 3600n * 1_000_000n;

beforeAll(async () => {
  node = await startTestNode();
  bank = await allocateParty(node, 'bank');
  await createUser(node, 'teller', [bank]);
});
afterAll(() => node.close());

const isSimulated = (clock: Clock): clock is SimulatedClock =>
  clock.kind === 'simulated' && 'advance' in clock;

function simulatedClock(): SimulatedClock {
  const { clock } = node.node;
  if (!isSimulated(clock)) throw new Error('the test node runs on a simulated clock');
  return clock;
}

const submit = (body: unknown, path = submitPath) =>
  send(node, { method: 'post', path, body, user: 'teller' });

const since = (offset: number) => ({ DeduplicationOffset: { value: offset } });

/** A command and the offset it was accepted at. */
async function accepted(amount: string) {
  const body = commands([bank], [createIou(bank, bank, amount)]);
  const answer = await submit(body);
  expect(answer.status, answer.text).toBe(200);
  return { body, offset: (answer.body as { completionOffset: number }).completionOffset };
}

type CantonErrorBody = {
  code: string;
  grpcCodeValue: number;
  errorCategory: number;
  context: Record<string, string>;
};

function expectTooEarly(answer: Answer, path: string, earliest: number): void {
  expectCantonError(answer, {
    status: 400,
    code: 'INVALID_DEDUPLICATION_PERIOD',
    method: 'post',
    path,
  });
  const body = answer.body as CantonErrorBody;
  // FAILED_PRECONDITION, InvalidGivenCurrentSystemStateOther, as Canton answers it.
  expect(body.grpcCodeValue).toBe(9);
  expect(body.errorCategory).toBe(9);
  expect(body.context.earliest_offset).toBe(String(earliest));
}

describe('deduplication offsets', () => {
  it('takes offset 0 as the participant begin: every earlier acceptance is a duplicate', async () => {
    const { body, offset } = await accepted('1.0');
    const end = await ledgerEnd(node);
    const answer = await submit({ ...body, deduplicationPeriod: since(0) });
    expectCantonError(answer, {
      status: 409,
      code: 'DUPLICATE_COMMAND',
      method: 'post',
      path: submitPath,
    });
    expect((answer.body as CantonErrorBody).context.completion_offset).toBe(String(offset));
    expect(await ledgerEnd(node)).toBe(end);
  });

  it('finds no earlier acceptance in a period starting past the ledger end, as Canton does', async () => {
    const { body } = await accepted('2.0');
    const answer = await submit({
      ...body,
      deduplicationPeriod: since((await ledgerEnd(node)) + 100),
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('refuses a negative offset, submitting nothing', async () => {
    const { body } = await accepted('3.0');
    const end = await ledgerEnd(node);
    for (const path of [submitPath, asyncPath]) {
      const answer = await submit({ ...body, deduplicationPeriod: since(-1) }, path);
      expectCantonError(answer, { status: 400, code: 'INVALID_ARGUMENT', method: 'post', path });
    }
    expect(await ledgerEnd(node)).toBe(end);
  });

  it('refuses a duration beyond the 7-day maximum with INVALID_DEDUPLICATION_PERIOD', async () => {
    const end = await ledgerEnd(node);
    const eightDays = { DeduplicationDuration: { value: { seconds: 8 * 24 * 3600, nanos: 0 } } };
    const answer = await submit(
      commands([bank], [createIou(bank, bank, '4.0')], { deduplicationPeriod: eightDays }),
    );
    expectCantonError(answer, {
      status: 400,
      code: 'INVALID_DEDUPLICATION_PERIOD',
      method: 'post',
      path: submitPath,
    });
    expect((answer.body as CantonErrorBody).context.longest_duration).toBe('PT168H');
    expect(await ledgerEnd(node)).toBe(end);
  });

  it('refuses a period reaching back before forgotten acceptances, naming the earliest offset, and changes nothing', async () => {
    const first = await accepted('5.0');
    simulatedClock().advance(8n * day);
    // The next acceptance is a week later: the first one is forgotten.
    await accepted('6.0');
    const end = await ledgerEnd(node);
    for (const path of [submitPath, asyncPath]) {
      for (const offset of [first.offset - 1, 0]) {
        const answer = await submit({ ...first.body, deduplicationPeriod: since(offset) }, path);
        expectTooEarly(answer, path, first.offset);
      }
    }
    expect(await ledgerEnd(node)).toBe(end);
    const fromEarliest = await submit({ ...first.body, deduplicationPeriod: since(first.offset) });
    expect(fromEarliest.status, fromEarliest.text).toBe(200);
    expect(await ledgerEnd(node)).toBe(end + 1);
  });

  it('refuses the same period for an externally signed transaction', async () => {
    const key = createExternalKey();
    const topology = await onboardExternalParty(node, 'carol', key);
    const carol = { party: topology.partyId, key, fingerprint: topology.publicKeyFingerprint };
    const first = await accepted('7.0');
    simulatedClock().advance(8n * day);
    await accepted('8.0');
    const prepared = await prepare(node, {
      commands: [createIou(carol.party, carol.party, '9.0')],
      commandId: 'external-dedup',
      actAs: [carol.party],
    });
    const end = await ledgerEnd(node);
    const path = '/v2/interactive-submission/executeAndWait';
    const request = { ...executeRequest(prepared, carol), deduplicationPeriod: since(0) };
    expectTooEarly(await post(node, path, request), path, first.offset);
    expect(await ledgerEnd(node)).toBe(end);
  });
});
