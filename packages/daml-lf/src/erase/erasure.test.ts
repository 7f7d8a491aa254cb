import type { Command } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { interpretingLedger } from '../../testing/interpreting-ledger.test-helper.ts';
import {
  call,
  caseOf,
  conType,
  int,
  int64Type,
  list,
  proj,
  rec,
  record,
  some,
  tc,
  text,
  textType,
  v,
} from '../../testing/lf-builders.test-helper.ts';
import type { Expr } from '../ast/expressions.ts';
import type { Type } from '../ast/types.ts';
import type { Update } from '../ast/updates.ts';
import type { DefException, DefTemplate, TemplateChoice } from '../ast.ts';
import { buildPackage } from '../encode/build-package.ts';
import { createErasedDefinitions } from './erased-definitions.ts';

// A hand-built LF template run by the ledger engine through the erasure: parties and
// precondition from LF code, a consuming choice creating its successor, a try whose
// create is rolled back when its exception is caught, and the ledger time.

const partyType = { tag: 'builtin', builtin: 'PARTY', args: [] } as const;
const timeType = { tag: 'builtin', builtin: 'TIMESTAMP', args: [] } as const;
const update = (u: Update): Expr => ({ tag: 'update', update: u });
const owner = proj('Counter', 'owner', v('this'));
const counter = (n: Expr): Expr =>
  rec('Counter', [
    ['owner', owner],
    ['n', n],
  ]);

function choice(
  name: string,
  parts: { consuming: boolean; returnType: Type; update: Expr },
): TemplateChoice {
  return {
    name,
    consuming: parts.consuming,
    controllers: { tag: 'cons', type: partyType, front: [owner], tail: list() },
    selfBinder: 'self',
    argBinder: { name: 'arg', type: conType(name) },
    returnType: parts.returnType,
    update: parts.update,
  };
}

const failure: DefException = {
  name: 'Failure',
  message: { tag: 'abs', params: [{ name: 'e', type: conType('Failure') }], body: text('failed') },
};
const thrown: Expr = {
  tag: 'throw',
  returnType: textType,
  exceptionType: conType('Failure'),
  exception: rec('Failure', []),
};
const tryCreate = update({
  tag: 'tryCatch',
  returnType: textType,
  tryExpr: update({
    tag: 'block',
    bindings: [
      {
        binder: { name: 'c', type: textType },
        bound: update({ tag: 'create', template: tc('Counter'), expr: counter(int(100)) }),
      },
    ],
    body: update({ tag: 'embedExpr', type: textType, body: thrown }),
  }),
  binder: 'e',
  catchExpr: some(
    update({ tag: 'pure', type: textType, expr: call('ANY_EXCEPTION_MESSAGE', v('e')) }),
  ),
});

// Down n: exercises Down (n - 1) on itself, n levels of nested exercises.
const depth = proj('Down', 'n', v('arg'));
const down = caseOf(call('EQUAL', depth, int(0)), [
  {
    pattern: { tag: 'builtinCon', con: 'CON_TRUE' },
    body: update({ tag: 'pure', type: int64Type, expr: int(0) }),
  },
  {
    pattern: { tag: 'default' },
    body: update({
      tag: 'exercise',
      template: tc('Counter'),
      choice: 'Down',
      cid: v('self'),
      arg: rec('Down', [['n', call('SUB_INT64', depth, int(1))]]),
    }),
  },
]);

const counterTemplate: DefTemplate = {
  name: 'Counter',
  param: 'this',
  precond: call('GREATER_EQ', proj('Counter', 'n', v('this')), int(0)),
  signatories: { tag: 'cons', type: partyType, front: [owner], tail: list() },
  observers: list(),
  choices: new Map([
    [
      'Bump',
      choice('Bump', {
        consuming: true,
        returnType: { tag: 'builtin', builtin: 'CONTRACT_ID', args: [conType('Counter')] },
        update: update({
          tag: 'create',
          template: tc('Counter'),
          expr: counter(
            call('ADD_INT64', proj('Counter', 'n', v('this')), proj('Bump', 'by', v('arg'))),
          ),
        }),
      }),
    ],
    [
      'TryCreate',
      choice('TryCreate', { consuming: false, returnType: textType, update: tryCreate }),
    ],
    ['Down', choice('Down', { consuming: false, returnType: int64Type, update: down })],
    [
      'Now',
      choice('Now', { consuming: false, returnType: timeType, update: update({ tag: 'getTime' }) }),
    ],
  ]),
  implements: new Map(),
};

// Encoded to a DALF and decoded back (the builder): the template runs with its real package id.
const built = buildPackage({
  name: 'counter',
  version: '1.0.0',
  modules: {
    Test: {
      dataTypes: [
        record('Counter', [
          ['owner', partyType],
          ['n', int64Type],
        ]),
        record('Bump', [['by', int64Type]]),
        record('TryCreate', []),
        record('Now', []),
        record('Down', [['n', int64Type]]),
        record('Failure', []),
      ],
      templates: [counterTemplate],
      exceptions: [failure],
    },
  },
});
const packages = new Map([[built.pkg.packageId, built.pkg]]);

const alice = `alice::1220${'a'.repeat(64)}`;
const templateId = `${built.pkg.packageId}:Test:Counter`;

function ledger() {
  const erased = createErasedDefinitions(packages);
  return interpretingLedger({
    packages: [erased.erasePackage(built.pkg.packageId)],
    actAs: [alice],
    ledgerTimeMicros: 1_767_225_600_000_000n,
  }).submit;
}

const exercise = (
  contractId: string,
  name: string,
  argument: Record<string, string> = {},
): Command => ({
  kind: 'exercise',
  templateId,
  contractId,
  choice: name,
  choiceArgument: argument,
});

describe('a hand-built LF template on the ledger engine', () => {
  it('runs signatories, precondition and a consuming choice from LF code', () => {
    const submit = ledger();
    const [first] = submit([
      { kind: 'create', templateId, createArguments: { owner: alice, n: '1' } },
    ]).created;
    expect(first?.signatories).toEqual([alice]);
    const bumped = submit([exercise(first?.contractId ?? '', 'Bump', { by: '41' })]);
    expect(bumped.archived).toEqual([first?.contractId]);
    expect(bumped.created[0]?.createArgument).toEqual({ owner: alice, n: '42' });
    expect(bumped.nodes[0]).toMatchObject({ exerciseResult: bumped.created[0]?.contractId });
    expect(() =>
      submit([exercise(bumped.created[0]?.contractId ?? '', 'Bump', { by: '-50' })]),
    ).toThrow(/precondition|ensure/i);
  });

  it('rolls back what a try block did when its exception is caught', () => {
    const submit = ledger();
    const [contract] = submit([
      { kind: 'create', templateId, createArguments: { owner: alice, n: '0' } },
    ]).created;
    const result = submit([exercise(contract?.contractId ?? '', 'TryCreate')]);
    expect(result.nodes).toHaveLength(1);
    expect(result.nodes[0]).toMatchObject({ exerciseResult: 'failed', childNodeIds: [] });
    expect(result.created).toEqual([]);
  });

  it('nests exercises up to the nesting limit, and stops deeper ones clearly', () => {
    const submit = ledger();
    const [contract] = submit([
      { kind: 'create', templateId, createArguments: { owner: alice, n: '0' } },
    ]).created;
    const result = submit([exercise(contract?.contractId ?? '', 'Down', { n: '150' })]);
    expect(result.nodes).toHaveLength(151);
    // Each level nests JavaScript calls: deeper than the limit is stopped with a clear error.
    expect(() => submit([exercise(contract?.contractId ?? '', 'Down', { n: '100000' })])).toThrow(
      'exercises nested too deeply',
    );
  });

  it('reads the ledger time', () => {
    const submit = ledger();
    const [contract] = submit([
      { kind: 'create', templateId, createArguments: { owner: alice, n: '0' } },
    ]).created;
    const result = submit([exercise(contract?.contractId ?? '', 'Now')]);
    expect(result.nodes[0]).toMatchObject({ exerciseResult: '2026-01-01T00:00:00.000000Z' });
  });
});
