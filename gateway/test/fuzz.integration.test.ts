import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type Exchange, expectPlainBadRequest, send } from './ledger-calls.ts';
import { type LedgerFixture, setUpLedgerFixture } from './ledger-operation-fixture.ts';
import { type OperationCase, validCases } from './ledger-operation-table.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { type OperationKey, splitKey } from './spec-operations.ts';
import { startTestNode, type TestNode } from './test-node.ts';

/**
 * Generated requests against every operation: random JSON, mutations of the valid request of
 * the operation table, random path and query parameters. Whatever arrives, the answer is never
 * a 5xx: it is a success, Canton's text/plain 400, or a JsCantonError the spec accepts.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = ReadonlyArray<string | number>;

let node: TestNode;
let fixture: LedgerFixture;

beforeAll(async () => {
  node = await startTestNode();
  fixture = await setUpLedgerFixture(node);
});
afterAll(() => node.close());

const runs = { random: 25, mutated: 60, parameters: 40 } as const;

function expectNoServerError(key: OperationKey, answer: Answer): void {
  const shown = `${key} → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, shown).toBeLessThan(500);
  if (answer.status < 300) return;
  if (answer.contentType.includes('text/plain')) {
    // A path parameter left empty no longer names an operation: Pekko's plain 404.
    if (answer.status === 404)
      expect(answer.text).toBe('The requested resource could not be found.');
    else expect(answer.text, shown).toMatch(/^Invalid value/);
    expect([400, 404], shown).toContain(answer.status);
    return;
  }
  expect(answer.contentType, shown).toContain('application/json');
  const { method, path } = splitKey(key);
  expectMatchesSpec({ spec: 'ledger', method, path, status: answer.status, body: answer.body });
}

/** Every path into a JSON value, the root included. */
function pathsOf(value: Json, at: Path = []): Path[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((item, i) => pathsOf(item, [...at, i]))];
  if (value !== null && typeof value === 'object') {
    return [at, ...Object.entries(value).flatMap(([name, item]) => pathsOf(item, [...at, name]))];
  }
  return [at];
}

/** A copy of `value` with the node at `path` replaced (or removed, when `next` is undefined). */
function replaceAt(value: Json, path: Path, next: Json | undefined): Json | undefined {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (Array.isArray(value) && typeof head === 'number') {
    const copy = [...value];
    const inner = replaceAt(copy[head] ?? null, rest, next);
    if (inner === undefined) copy.splice(head, 1);
    else copy[head] = inner;
    return copy;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const { [String(head)]: current, ...others } = value;
    const inner = replaceAt(current ?? null, rest, next);
    return inner === undefined ? others : { ...others, [String(head)]: inner };
  }
  return value;
}

const nodeAt = (value: Json, path: Path): Json =>
  path.reduce<Json>((at, key) => {
    if (Array.isArray(at) && typeof key === 'number') return at[key] ?? null;
    if (at !== null && typeof at === 'object' && !Array.isArray(at)) return at[String(key)] ?? null;
    return null;
  }, value);

const nested = (value: Json, depth: number, asArray: boolean): Json => {
  let result = value;
  for (let i = 0; i < depth; i++) result = asArray ? [result] : { nested: result };
  return result;
};

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '💥',
  '::',
  '\u202e\u0301',
  '../../etc/passwd',
  '%00',
  'x'.repeat(5000),
  '-1',
  '9223372036854775808',
);
const oddNumbers = fc.constantFrom(
  -1,
  -42,
  0,
  0.5,
  1e-7,
  2 ** 31,
  2 ** 53 + 2,
  2 ** 63,
  -(2 ** 63),
  1e308,
  -1e308,
);
const scalar: fc.Arbitrary<Json> = fc.oneof(
  oddStrings,
  oddNumbers,
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer({ min: -1_000_000, max: -1 }),
  fc.boolean(),
  fc.constant(null),
);
const anyJson: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 2, arbitrary: scalar },
);

type Mutation =
  | { readonly kind: 'remove' }
  | { readonly kind: 'replace'; readonly value: Json }
  | { readonly kind: 'nest'; readonly depth: number; readonly asArray: boolean }
  | { readonly kind: 'wrap-in-array' };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant<Mutation>({ kind: 'remove' }),
  anyJson.map<Mutation>((value) => ({ kind: 'replace', value })),
  fc
    .record({ depth: fc.integer({ min: 1, max: 60 }), asArray: fc.boolean() })
    .map<Mutation>((nest) => ({ kind: 'nest', ...nest })),
  fc.constant<Mutation>({ kind: 'wrap-in-array' }),
);

function mutate(body: Json, path: Path, mutation: Mutation): Json {
  const current = nodeAt(body, path);
  const next =
    mutation.kind === 'remove'
      ? undefined
      : mutation.kind === 'replace'
        ? mutation.value
        : mutation.kind === 'nest'
          ? nested(current, mutation.depth, mutation.asArray)
          : [current];
  return replaceAt(body, path, next) ?? null;
}

const faster = (path: string) =>
  path.replace(/stream_idle_timeout_ms=\d+/, 'stream_idle_timeout_ms=5');

const operations = Object.entries(validCases) as Array<[OperationKey, OperationCase]>;
const hasBody = ([key]: [OperationKey, OperationCase]) =>
  ['post', 'patch', 'put'].includes(splitKey(key).method) ||
  key === 'GET /v2/state/active-contracts-page' ||
  key === 'GET /v2/package-vetting';
const withBodies = operations.filter(hasBody);
const withParameters = operations.filter(([key]) => splitKey(key).method === 'get');

async function sample(operation: OperationCase): Promise<Exchange> {
  const sent = await operation.request(fixture);
  return { ...sent, path: faster(sent.path), user: 'participant_admin' };
}

describe('generated request bodies', () => {
  it.each(withBodies)('%s survives random JSON bodies', async (key, operation) => {
    const template = await sample(operation);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyJson, fc.string({ maxLength: 40 })),
        fc.boolean(),
        async (body, asText) => {
          const raw = asText && typeof body === 'string' ? body : JSON.stringify(body);
          const answer = await send(node, { ...template, body: raw });
          expectNoServerError(key, answer);
        },
      ),
      { numRuns: runs.random },
    );
  });

  const mutable = withBodies.filter(
    ([key]) => !['POST /v2/dars', 'POST /v2/dars/validate', 'POST /v2/packages'].includes(key),
  );

  it.each(mutable)('%s survives mutations of its valid body', async (key, operation) => {
    const template = await sample(operation);
    const valid = template.body as Json;
    const paths = pathsOf(valid);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: paths.length - 1 }), mutationArbitrary), {
          minLength: 1,
          maxLength: 3,
        }),
        async (mutations) => {
          const body = mutations.reduce<Json>(
            (current, [index, mutation]) => mutate(current, paths[index] ?? [], mutation),
            valid,
          );
          expectNoServerError(key, await send(node, { ...template, body }));
        },
      ),
      { numRuns: runs.mutated },
    );
  });
});

const queryKeys = [
  'pageSize',
  'pageToken',
  'parties',
  'package-name',
  'identity-provider-id',
  'filter-party',
  'limit',
  'stream_idle_timeout_ms',
  'vetting_valid_at',
] as const;

const parameterValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  oddStrings,
  oddNumbers.map(String),
  fc.integer({ min: -5, max: 50 }).map(String),
);

describe('generated path and query parameters', () => {
  it.each(withParameters)(
    '%s survives random path and query parameters',
    async (key, operation) => {
      const template = await sample(operation);
      const { path } = splitKey(key);
      await fc.assert(
        fc.asyncProperty(
          fc.array(parameterValue, { minLength: 2, maxLength: 2 }),
          fc.dictionary(fc.constantFrom(...queryKeys), parameterValue, { maxKeys: 3 }),
          async ([first = '', second = ''], query) => {
            const values = [first, second];
            const concrete = path.replace(/\{[^}]+\}/g, () =>
              encodeURIComponent(values.shift() ?? ''),
            );
            const search = new URLSearchParams(query).toString();
            const answer = await send(node, {
              ...template,
              path: search ? `${concrete}?${search}` : concrete,
            });
            expectNoServerError(key, answer);
          },
        ),
        { numRuns: runs.parameters },
      );
    },
  );
});

describe('inputs found by fuzzing that still break the gateway', () => {
  const deeplyNested = (depth: number) =>
    `{"partyIdHint":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  it('answers a wrong-typed field nested 3 000 deep with a text/plain 400', async () => {
    expectPlainBadRequest(
      await send(node, { method: 'post', path: '/v2/parties', body: deeplyNested(3000) }),
    );
  });

  it('answers a wrong-typed field nested 20 000 deep with a text/plain 400, not a 500', async () => {
    const answer = await send(node, {
      method: 'post',
      path: '/v2/parties',
      body: deeplyNested(20_000),
    });
    expectPlainBadRequest(answer);
  });

  it.each([['/v2/users/%E0%A4%A'], ['/v2/parties/%zz'], ['/v2/idps/%']])(
    'answers %s, a malformed percent-encoding, with a 400 rather than a 500',
    async (path) => {
      const answer = await send(node, { method: 'get', path });
      expect(answer.status, answer.text).toBe(400);
    },
  );
});
