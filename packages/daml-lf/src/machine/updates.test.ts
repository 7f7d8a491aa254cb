import { describe, expect, it } from 'vitest';
import {
  app,
  call,
  caseOf,
  conType,
  int,
  lam,
  none,
  pure,
  rec,
  record,
  some,
  tc,
  testPackages,
  text,
  textType,
  v,
  val,
} from '../../testing/lf-builders.test-helper.ts';
import type { Expr } from '../ast/expressions.ts';
import type { Update } from '../ast/updates.ts';
import type { DefException } from '../ast.ts';
import type { LfValue } from '../values/lf-value.ts';
import { contractId, timestamp, token } from '../values/lf-value.ts';
import { applyValue, createEvaluator, evaluate, UnhandledException } from './evaluator.ts';
import type { LedgerEffects } from './ledger-effects.ts';

/** A ledger for unit tests that records what the update asked for. */
function recordingLedger() {
  const log: string[] = [];
  let created = 0;
  const effects: LedgerEffects = {
    create(template) {
      created += 1;
      log.push(`create ${template.name}`);
      return contractId(`cid${created}`);
    },
    beginExercise: ({ choice, byInterface }) => {
      log.push(byInterface ? `exercise by interface ${choice}` : `exercise ${choice}`);
      return { done: true, value: byInterface ? 8n : 7n };
    },
    exerciseByKey: () => 0n,
    fetch: () => 0n,
    fetchInterface: () => 0n,
    fetchByKey: () => 0n,
    lookupByKey: () => none as never,
    getTime: () => timestamp(1_000_000n),
    ledgerTimeLt: () => true,
    beginTry() {
      const mark = log.length;
      return {
        rollback() {
          log.push(`rolled back ${log.splice(mark).join(', ')}`);
        },
      };
    },
  };
  return { effects, log };
}

const update = (u: Update): Expr => ({ tag: 'update', update: u });
const block = (bindings: [string, Expr][], body: Expr): Expr =>
  update({
    tag: 'block',
    bindings: bindings.map(([name, bound]) => ({ binder: { name, type: textType }, bound })),
    body,
  });
const create = (name: string, payload: Expr): Expr =>
  update({ tag: 'create', template: tc(name), expr: payload });

const failure: DefException = {
  name: 'Failure',
  message: lam(
    ['e'],
    call('APPEND_TEXT', text('failed: '), {
      tag: 'recProj',
      tycon: { tycon: tc('Failure'), args: [] },
      field: 'reason',
      record: v('e'),
    }),
  ),
};
const definitions = {
  dataTypes: [record('Failure', [['reason', textType]]), record('T', [['n', textType]])],
  exceptions: new Map([['Failure', failure]]),
};
const throwFailure = (reason: string): Expr => ({
  tag: 'throw',
  returnType: textType,
  exceptionType: conType('Failure'),
  exception: rec('Failure', [['reason', text(reason)]]),
});

function perform(expr: Expr, effects: LedgerEffects): LfValue {
  const evaluator = createEvaluator(testPackages(definitions));
  return applyValue(evaluator, evaluate(evaluator, expr), [token], effects);
}

describe('updates', () => {
  it('runs a chain of binds in order and returns the last result', () => {
    const { effects, log } = recordingLedger();
    const expr = block(
      [
        ['a', create('T', rec('T', [['n', text('1')]]))],
        [
          'b',
          update({ tag: 'exercise', template: tc('T'), choice: 'Go', cid: v('a'), arg: int(1) }),
        ],
        ['now', update({ tag: 'getTime' })],
      ],
      pure(v('b')),
    );
    expect(perform(expr, effects)).toBe(7n);
    expect(log).toEqual(['create T', 'exercise Go']);
  });

  it('runs 100,000 binds without growing the JavaScript stack', () => {
    const { effects } = recordingLedger();
    const bindings: [string, Expr][] = Array.from({ length: 100_000 }, (_, index) => [
      `x${index}`,
      pure(int(index)),
    ]);
    expect(perform(block(bindings, pure(v('x99999'))), effects)).toBe(99_999n);
  });

  it('catches a thrown exception, rolls back the try block and runs the handler', () => {
    const { effects, log } = recordingLedger();
    const tryBody = block([['c', create('T', rec('T', [['n', text('x')]]))]], {
      tag: 'update',
      update: { tag: 'embedExpr', type: textType, body: throwFailure('boom') },
    });
    const handler = some(pure(call('ANY_EXCEPTION_MESSAGE', v('e'))));
    const expr = update({
      tag: 'tryCatch',
      returnType: textType,
      tryExpr: tryBody,
      binder: 'e',
      catchExpr: handler,
    });
    expect(perform(expr, effects)).toBe('failed: boom');
    expect(log).toEqual(['rolled back create T']);
  });

  it('rethrows when the handler declines, and ArithmeticError is catchable', () => {
    const { effects } = recordingLedger();
    const declined = update({
      tag: 'tryCatch',
      returnType: textType,
      tryExpr: update({ tag: 'embedExpr', type: textType, body: throwFailure('no') }),
      binder: 'e',
      catchExpr: none,
    });
    expect(() => perform(declined, effects)).toThrow(UnhandledException);
    const division = update({
      tag: 'embedExpr',
      type: textType,
      body: pure(call('DIV_INT64', int(1), int(0))),
    });
    const caught = update({
      tag: 'tryCatch',
      returnType: textType,
      tryExpr: division,
      binder: 'e',
      catchExpr: some(pure(call('ANY_EXCEPTION_MESSAGE', v('e')))),
    });
    expect(perform(caught, effects)).toBe('ArithmeticError while evaluating (DIV_INT64 1 0).');
  });

  it('catches exceptions thrown deeper than direct evaluation goes (on the machine)', () => {
    // deep n = if n == 0 then <thrown> else 1 + deep (n - 1): past the direct evaluation's depth,
    // the rest runs on the machine's stack; its exception still reaches the try around it.
    const deep = (bottom: Expr) =>
      lam(
        ['n'],
        caseOf(call('EQUAL', v('n'), int(0)), [
          { pattern: { tag: 'builtinCon', con: 'CON_TRUE' }, body: bottom },
          {
            pattern: { tag: 'default' },
            body: call('ADD_INT64', int(1), app(val('deep'), call('SUB_INT64', v('n'), int(1)))),
          },
        ]),
      );
    const tryDeep = (bottom: Expr) => {
      const { effects, log } = recordingLedger();
      const evaluator = createEvaluator(
        testPackages({ ...definitions, values: [{ name: 'deep', expr: deep(bottom) }] }),
      );
      const body = block([['c', create('T', rec('T', [['n', text('x')]]))]], {
        tag: 'update',
        update: { tag: 'embedExpr', type: textType, body: pure(app(val('deep'), int(5_000))) },
      });
      const expr = update({
        tag: 'tryCatch',
        returnType: textType,
        tryExpr: body,
        binder: 'e',
        catchExpr: some(pure(call('ANY_EXCEPTION_MESSAGE', v('e')))),
      });
      const result = applyValue(evaluator, evaluate(evaluator, expr), [token], effects);
      return { result, log };
    };
    expect(tryDeep(throwFailure('bottom'))).toEqual({
      result: 'failed: bottom',
      log: ['rolled back create T'],
    });
    expect(tryDeep(call('DIV_INT64', int(1), int(0))).result).toBe(
      'ArithmeticError while evaluating (DIV_INT64 1 0).',
    );
    // Without an exception, the same recursion returns through both kinds of evaluation.
    expect(tryDeep(int(0)).result).toBe(5_000n);
  });

  it('extracts a thrown exception of its type only', () => {
    const evaluator = createEvaluator(testPackages(definitions));
    const wrapped: Expr = {
      tag: 'toAnyException',
      type: conType('Failure'),
      expr: rec('Failure', [['reason', text('r')]]),
    };
    const asFailure = evaluate(evaluator, {
      tag: 'fromAnyException',
      type: conType('Failure'),
      expr: wrapped,
    });
    expect(asFailure).toMatchObject({ tag: 'Some' });
    const asT = evaluate(evaluator, { tag: 'fromAnyException', type: conType('T'), expr: wrapped });
    expect(asT).toEqual({ tag: 'None' });
  });
});

describe('Any and TypeRep', () => {
  it('unwraps an Any only at the type it was wrapped with', () => {
    const evaluator = createEvaluator(testPackages(definitions));
    const anyInt: Expr = {
      tag: 'toAny',
      type: { tag: 'builtin', builtin: 'INT64', args: [] },
      expr: int(5),
    };
    expect(
      evaluate(evaluator, {
        tag: 'fromAny',
        type: { tag: 'builtin', builtin: 'INT64', args: [] },
        expr: anyInt,
      }),
    ).toEqual({ tag: 'Some', value: 5n });
    expect(evaluate(evaluator, { tag: 'fromAny', type: textType, expr: anyInt })).toEqual({
      tag: 'None',
    });
    const repT: Expr = { tag: 'typeRep', type: conType('T') };
    expect(evaluate(evaluator, call('EQUAL', repT, { tag: 'typeRep', type: conType('T') }))).toBe(
      true,
    );
    // The spec's type order: Int64 before Text.
    expect(
      evaluate(
        evaluator,
        call(
          'LESS',
          { tag: 'typeRep', type: { tag: 'builtin', builtin: 'INT64', args: [] } },
          { tag: 'typeRep', type: textType },
        ),
      ),
    ).toBe(true);
    const orZero = caseOf(call('TYPE_REP_TYCON_NAME', repT), [
      { pattern: { tag: 'optionalSome', binder: 'n' }, body: v('n') },
      { pattern: { tag: 'default' }, body: text('') },
    ]);
    expect(evaluate(evaluator, orZero)).toBe(`${tc('T').packageId}:Test:T`);
  });
});
