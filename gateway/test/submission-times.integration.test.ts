import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  expectCantonError,
  expectPlainBadRequest,
  ledgerEnd,
  send,
} from './ledger-calls.ts';
import { allocateParty, commands, createIou, createUser, submitTree } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// The time fields of command submissions (minLedgerTimeAbs/Rel, deduplication periods, the
// interactive submission's minLedgerTime and maxRecordTime), checked at the edge: what is not
// an instant is Canton's plain-text 400 naming the field, what a Daml Time cannot hold is a
// JsCantonError INVALID_ARGUMENT; either way nothing is submitted, and nothing is ever a 500.

let node: TestNode;
let alice: string;
const user = 'time-fields-user';

beforeAll(async () => {
  node = await startTestNode();
  alice = await allocateParty(node, 'alice');
  await createUser(node, user, [alice]);
});
afterAll(() => node.close());

const iouCommands = (extra: Record<string, unknown> = {}) =>
  commands([alice], [createIou(alice, alice, '1')], extra);

/** The four command-service endpoints, each with the body a JsCommands becomes there. */
const submitPaths = [
  ['/v2/commands/submit-and-wait', (jsCommands: unknown) => jsCommands],
  ['/v2/commands/async/submit', (jsCommands: unknown) => jsCommands],
  ['/v2/commands/submit-and-wait-for-transaction-tree', (jsCommands: unknown) => jsCommands],
  [
    '/v2/commands/submit-and-wait-for-transaction',
    (jsCommands: unknown) => ({ commands: jsCommands }),
  ],
] as const;

const post = (path: string, body: unknown) => send(node, { method: 'post', path, body, user });

const malformedInstants = [
  'soon',
  '',
  '2026-01-01',
  '1767225600',
  '2026-02-30T00:00:00Z',
  '2026-01-01T25:00:00Z',
  '2026-01-01T00:00:00',
  '2026-01-01 00:00:00Z',
];
// Instants Canton decodes, which a Daml Time (years 1 to 9999) cannot hold.
const lateInstants = ['+10000-01-01T00:00:00Z', '9999-12-31T23:30:00-01:00'];

function expectNamedPlainBadRequest(answer: Answer, field: string): void {
  expectPlainBadRequest(answer);
  expect(answer.text).toContain(`at '${field}'`);
}

function expectInvalidArgument(answer: Answer, path: string, field: string): void {
  expectCantonError(answer, { status: 400, code: 'INVALID_ARGUMENT', method: 'post', path });
  expect((answer.body as { cause: string }).cause).toContain(field);
}

describe('command submission time fields', () => {
  it('answers a minLedgerTimeAbs that is no instant with a plain 400 naming it, submitting nothing', async () => {
    const end = await ledgerEnd(node);
    for (const [path, bodyOf] of submitPaths) {
      for (const text of malformedInstants) {
        const answer = await post(path, bodyOf(iouCommands({ minLedgerTimeAbs: text })));
        expectNamedPlainBadRequest(answer, 'minLedgerTimeAbs');
      }
    }
    expect(await ledgerEnd(node)).toBe(end);
  });

  it('answers a minLedgerTimeAbs past year 9999 with INVALID_ARGUMENT, submitting nothing', async () => {
    const end = await ledgerEnd(node);
    for (const [path, bodyOf] of submitPaths) {
      for (const text of lateInstants) {
        const answer = await post(path, bodyOf(iouCommands({ minLedgerTimeAbs: text })));
        expectInvalidArgument(answer, path, 'minLedgerTimeAbs');
      }
    }
    expect(await ledgerEnd(node)).toBe(end);
  });

  it('refuses a minLedgerTimeRel beyond a Daml Time, and both bounds at once', async () => {
    const end = await ledgerEnd(node);
    const huge = { seconds: 9_007_199_254_740_991, nanos: 0 };
    for (const [path, bodyOf] of submitPaths) {
      for (const seconds of [huge.seconds, -huge.seconds]) {
        const answer = await post(
          path,
          bodyOf(iouCommands({ minLedgerTimeRel: { seconds, nanos: 0 } })),
        );
        expectInvalidArgument(answer, path, 'minLedgerTimeRel');
      }
      const both = {
        minLedgerTimeAbs: '2026-06-01T00:00:00Z',
        minLedgerTimeRel: { seconds: 1, nanos: 0 },
      };
      expectInvalidArgument(
        await post(path, bodyOf(iouCommands(both))),
        path,
        'min_ledger_time_rel',
      );
    }
    expect(await ledgerEnd(node)).toBe(end);
  });

  it('refuses negative deduplication durations and offsets, submitting nothing', async () => {
    const end = await ledgerEnd(node);
    const durations = [
      { DeduplicationDuration: { value: { seconds: -1, nanos: 0 } } },
      { DeduplicationDuration: { value: { seconds: 0, nanos: -5 } } },
    ];
    for (const [path, bodyOf] of submitPaths) {
      for (const deduplicationPeriod of durations) {
        const answer = await post(path, bodyOf(iouCommands({ deduplicationPeriod })));
        // Canton's DeduplicationPeriodValidator: an invalid field, not an invalid argument.
        expectCantonError(answer, { status: 400, code: 'INVALID_FIELD', method: 'post', path });
        expect((answer.body as { cause: string }).cause).toContain(
          'Invalid field deduplication_period: Duration must be positive',
        );
      }
      const offset = { DeduplicationOffset: { value: -1 } };
      const answer = await post(path, bodyOf(iouCommands({ deduplicationPeriod: offset })));
      expectInvalidArgument(answer, path, 'deduplication period');
    }
    expect(await ledgerEnd(node)).toBe(end);
  });

  it('takes a well-formed minimum as the ledger time, to the microsecond', async () => {
    const later = '2026-06-01T12:00:00.1234567Z';
    const tree = await submitTree(node, user, iouCommands({ minLedgerTimeAbs: later }));
    const { effectiveAt } = tree.transactionTree as unknown as { effectiveAt: string };
    expect(effectiveAt).toBe('2026-06-01T12:00:00.123456Z');
  });

  it('lets a minimum before year 1 constrain nothing, as Canton takes the later time', async () => {
    const answer = await post(
      '/v2/commands/submit-and-wait',
      iouCommands({ minLedgerTimeAbs: '0000-01-01T00:00:00Z' }),
    );
    expect(answer.status, answer.text).toBe(200);
  });
});

describe('interactive submission time fields', () => {
  const prepare = (extra: Record<string, unknown>) =>
    post('/v2/interactive-submission/prepare', { ...iouCommands(), ...extra });
  const prepareAbs = (value: string) =>
    prepare({ minLedgerTime: { time: { MinLedgerTimeAbs: { value } } } });
  const executePath = '/v2/interactive-submission/execute';
  const execute = (minLedgerTime: unknown) =>
    post(executePath, {
      preparedTransaction: 'AAAA',
      partySignatures: { signatures: [] },
      submissionId: 'times',
      hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
      minLedgerTime,
    });

  it('refuses malformed and unrepresentable times in prepare and execute, changing nothing', async () => {
    const end = await ledgerEnd(node);
    const path = '/v2/interactive-submission/prepare';
    const absolute = 'minLedgerTime.time.MinLedgerTimeAbs';
    for (const text of malformedInstants) {
      expectNamedPlainBadRequest(await prepareAbs(text), absolute);
      expectNamedPlainBadRequest(await prepare({ maxRecordTime: text }), 'maxRecordTime');
      const time = { time: { MinLedgerTimeAbs: { value: text } } };
      expectNamedPlainBadRequest(await execute(time), absolute);
    }
    for (const text of lateInstants) {
      expectInvalidArgument(await prepareAbs(text), path, absolute);
      expectInvalidArgument(await prepare({ maxRecordTime: text }), path, 'maxRecordTime');
    }
    expectInvalidArgument(
      await prepare({ maxRecordTime: '0000-01-01T00:00:00Z' }),
      path,
      'maxRecordTime',
    );
    const huge = { time: { MinLedgerTimeRel: { value: { seconds: 9e15, nanos: 0 } } } };
    expectInvalidArgument(await prepare({ minLedgerTime: huge }), path, 'MinLedgerTimeRel');
    expectInvalidArgument(await execute(huge), executePath, 'MinLedgerTimeRel');
    expect(await ledgerEnd(node)).toBe(end);
  });

  it('prepares with a well-formed maxRecordTime', async () => {
    const answer = await prepare({ maxRecordTime: '2026-06-01T00:00:00.5Z' });
    expect(answer.status, answer.text).toBe(200);
  });
});

describe('random text in time fields', () => {
  // Anything a client could put there: random text, and near-instants that break one part.
  const nearInstant = fc
    .tuple(fc.date({ noInvalidDate: true }), fc.string({ maxLength: 3 }), fc.nat({ max: 24 }))
    .map(([date, noise, cut]) => {
      const iso = date.toISOString();
      return `${iso.slice(0, cut)}${noise}${iso.slice(cut)}`;
    });
  const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), nearInstant);
  const fields: ReadonlyArray<readonly [string, (value: string) => [string, unknown]]> = [
    [
      'minLedgerTimeAbs',
      (value) => ['/v2/commands/submit-and-wait', iouCommands({ minLedgerTimeAbs: value })],
    ],
    [
      'minLedgerTimeAbs (async)',
      (value) => ['/v2/commands/async/submit', iouCommands({ minLedgerTimeAbs: value })],
    ],
    [
      'maxRecordTime',
      (value) => ['/v2/interactive-submission/prepare', { ...iouCommands(), maxRecordTime: value }],
    ],
    [
      'MinLedgerTimeAbs',
      (value) => [
        '/v2/interactive-submission/prepare',
        { ...iouCommands(), minLedgerTime: { time: { MinLedgerTimeAbs: { value } } } },
      ],
    ],
  ];

  for (const [field, requestOf] of fields) {
    it(`never answers a 5xx for ${field}, and a refusal submits nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(text, async (value) => {
          const [path, body] = requestOf(value);
          const end = await ledgerEnd(node);
          const answer = await post(path, body);
          expect(answer.status, `${JSON.stringify(value)} → ${answer.text}`).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.status).toBe(400);
            expect(await ledgerEnd(node)).toBe(end);
          }
        }),
        { numRuns: 60 },
      );
    });
  }
});
