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

const ifThen = (condition: Expr, then: Expr, otherwise: Expr): Expr =>
  caseOf(condition, [
    { pattern: { tag: 'builtinCon', con: 'CON_TRUE' }, body: then },
    { pattern: { tag: 'default' }, body: otherwise },
  ]);

// Dive n catchAt: creates a Counter and exercises Dive (n - 1) on itself; at the bottom it
// throws, and the level where n = catchAt catches: its actions below are rolled back, and its
// handler creates a Counter in that level's scope.
const diveN = proj('Dive', 'n', v('arg'));
const catchAt = proj('Dive', 'catchAt', v('arg'));
const createThen = (next: Expr): Expr =>
  update({
    tag: 'block',
    bindings: [
      {
        binder: { name: 'c', type: textType },
        bound: update({ tag: 'create', template: tc('Counter'), expr: counter(diveN) }),
      },
    ],
    body: next,
  });
const diveDeeper = createThen(
  update({
    tag: 'exercise',
    template: tc('Counter'),
    choice: 'Dive',
    cid: v('self'),
    arg: rec('Dive', [
      ['n', call('SUB_INT64', diveN, int(1))],
      ['catchAt', catchAt],
    ]),
  }),
);
const dive = ifThen(
  call('EQUAL', diveN, int(0)),
  update({ tag: 'embedExpr', type: textType, body: thrown }),
  ifThen(
    call('EQUAL', diveN, catchAt),
    update({
      tag: 'tryCatch',
      returnType: textType,
      tryExpr: diveDeeper,
      binder: 'e',
      catchExpr: some(createThen(update({ tag: 'pure', type: textType, expr: text('caught') }))),
    }),
    diveDeeper,
  ),
);

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
    ['Dive', choice('Dive', { consuming: false, returnType: textType, update: dive })],
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
        record('Dive', [
          ['n', int64Type],
          ['catchAt', int64Type],
        ]),
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

  it('nests 10,000 exercises, each inside the one before', () => {
    const submit = ledger();
    const [contract] = submit([
      { kind: 'create', templateId, createArguments: { owner: alice, n: '0' } },
    ]).created;
    const result = submit([exercise(contract?.contractId ?? '', 'Down', { n: '10000' })]);
    expect(result.nodes).toHaveLength(10_001);
    result.nodes.forEach((node, index) => {
      const below = index < 10_000 ? [index + 1] : [];
      expect(node).toMatchObject({ nodeId: index, childNodeIds: below, exerciseResult: '0' });
      expect(node).toMatchObject({ lastDescendantNodeId: 10_000 });
    });
  });

  it('rolls back what nested exercises did when a try far above catches their exception', () => {
    const submit = ledger();
    const [contract] = submit([
      { kind: 'create', templateId, createArguments: { owner: alice, n: '0' } },
    ]).created;
    const id = contract?.contractId ?? '';
    const atTop = submit([exercise(id, 'Dive', { n: '10000', catchAt: '10000' })]);
    // Only the top exercise and its handler's create: all 10,000 levels below are undone.
    expect(atTop.nodes).toHaveLength(2);
    expect(atTop.nodes[0]).toMatchObject({ exerciseResult: 'caught', childNodeIds: [1] });
    expect(atTop.created.map((created) => created.createArgument)).toEqual([
      { owner: alice, n: '10000' },
    ]);
    // Caught halfway down, where the evaluation runs on the machine's own stack: the levels
    // above keep their creates, and the handler's create lands in the catching exercise.
    const halfway = submit([exercise(id, 'Dive', { n: '10000', catchAt: '5000' })]);
    expect(halfway.created).toHaveLength(5001);
    expect(halfway.created.at(-1)?.createArgument).toEqual({ owner: alice, n: '5000' });
    // Each level above has its create and the next exercise; the catching level (node 10,000)
    // keeps only its handler's create.
    expect(halfway.nodes).toHaveLength(10_002);
    expect(halfway.nodes[10_000]).toMatchObject({
      kind: 'exercised',
      choiceArgument: { n: '5000' },
      exerciseResult: 'caught',
      childNodeIds: [10_001],
    });
    expect(halfway.nodes[10_001]).toMatchObject({ kind: 'created', createArgument: { n: '5000' } });
    expect(() => submit([exercise(id, 'Dive', { n: '10000', catchAt: '-1' })])).toThrow(
      'UNHANDLED_EXCEPTION',
    );
  });

  it('stops a runaway nesting of exercises by its fuel, with a clear error', () => {
    const submit = ledger();
    const [contract] = submit([
      { kind: 'create', templateId, createArguments: { owner: alice, n: '0' } },
    ]).created;
    expect(() => submit([exercise(contract?.contractId ?? '', 'Down', { n: '-1' })])).toThrow(
      'Evaluation stopped: evaluation exceeded its step limit',
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
