import type { BuiltinLit } from '../ast/builtins.ts';
import type { Expr, ExprOf } from '../ast/expressions.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { LfValue } from '../values/lf-value.ts';
import { date, nil, none, numeric, timestamp, unit } from '../values/lf-value.ts';
import { builtinValue } from './builtin-values.ts';
import { compileCase } from './compile-case.ts';
import type { CompileContext } from './compile-context.ts';
import { compileData } from './compile-data.ts';
import { compileLambda } from './compile-functions.ts';
import { compileInterfaceExpression } from './compile-interface.ts';
import { compileLet } from './compile-let.ts';
import { compileTypeValues } from './compile-type-values.ts';
import { compileValueReference } from './compile-value-reference.ts';
import type { Compiled } from './compiled.ts';
import {
  atomic,
  computed,
  constant,
  construct,
  directAll,
  directOf,
  evaluateAll,
  readsOf,
} from './compiled.ts';
import type { Direct } from './direct.ts';
import { callDirect, knownCall, runNested } from './direct.ts';
import { callSource, constantSource, sourceOf } from './generated-code.ts';
import type { FunctionTarget, Machine } from './machine.ts';
import { applyFunction } from './machine.ts';
import type { Scope } from './scope.ts';
import { reader, resolve } from './scope.ts';

function literal(lit: BuiltinLit): LfValue {
  switch (lit.tag) {
    case 'int64':
    case 'text':
      return lit.value;
    case 'timestamp':
      return timestamp(lit.value);
    case 'date':
      return date(lit.value);
    case 'numeric': {
      const point = lit.value.indexOf('.');
      const scale = point < 0 ? 0 : lit.value.length - point - 1;
      return numeric(BigInt(lit.value.replace('.', '')), scale);
    }
    case 'failureCategory':
    case 'roundingMode':
      return { tag: 'Enum', tycon: lit.tag, constructor: lit.value, rank: 0 };
  }
}

function builtinCon(con: ExprOf<'builtinCon'>['con']): LfValue {
  return con === 'CON_UNIT' ? unit : con === 'CON_TRUE';
}

/** A builtin given exactly its arguments runs on them directly: no function value, no copy. */
function directBuiltin(
  context: CompileContext,
  expr: ExprOf<'app'>,
): Extract<FunctionTarget, { kind: 'builtin' }> | null {
  if (expr.fun.tag !== 'builtin') return null;
  const fn = builtinValue(context, expr.fun.builtin);
  if (typeof fn !== 'object' || fn.tag !== 'Function' || fn.target.kind !== 'builtin') return null;
  return fn.arity === expr.args.length ? fn.target : null;
}

/** A top-level value named in generated source: looked up once, then read from `value`. */
class KnownValue {
  value: LfValue | undefined = undefined;
  readonly #direct: Direct;

  constructor(direct: Direct) {
    this.#direct = direct;
  }

  get(machine: Machine): LfValue {
    const value = this.#direct(machine);
    this.value = value;
    return value;
  }
}

function compileApplication(context: CompileContext, scope: Scope, expr: ExprOf<'app'>): Compiled {
  const builtin = directBuiltin(context, expr);
  const { function: body } = scope;
  if (builtin !== null) {
    const args = expr.args.map((part) => context.expression(scope, part));
    const { compute, positional } = builtin;
    // A pure builtin of atoms is an atom: computed inline, without an evaluation step, and in
    // generated source called with its arguments by position (no array per call).
    if (compute !== undefined) {
      const argSources = args.map((part) => sourceOf(body, part));
      const source =
        positional === undefined
          ? `${constantSource(body, compute)}([${argSources.join(', ')}])`
          : `${constantSource(body, positional)}(${argSources.join(', ')})`;
      return { ...construct(args, compute), source };
    }
    const { run, direct } = builtin;
    const all = directAll(args);
    if (direct !== undefined) {
      return computed(evaluateAll(args, run), (machine) => direct(machine, all(machine)));
    }
    return computed(evaluateAll(args, run), (machine) => {
      const values = all(machine);
      return runNested(machine, (running) => run(running, values));
    });
  }
  const parts = [expr.fun, ...expr.args].map((part) => context.expression(scope, part));
  const first = parts[0] as Compiled;
  const fun = directOf(first);
  const args = readsOf(parts.slice(1));
  // A top-level value (it has a peek) stays the same function: its calls are known calls.
  const known = first.peek !== undefined;
  const knownValue = known ? constantSource(body, new KnownValue(fun)) : '';
  const funSource = known ? `(${knownValue}.value ?? ${knownValue}.get(m))` : sourceOf(body, first);
  const argSources = parts.slice(1).map((part) => sourceOf(body, part));
  return {
    ...computed(
      evaluateAll(parts, (machine, values) => {
        applyFunction(machine, values[0] as LfValue, values, 1);
      }),
      known ? knownCall(fun, args) : (machine) => callDirect(machine, fun(machine), args),
    ),
    source: callSource(funSource, argSources),
  };
}

/** A constant, named in generated source. */
function constantIn(scope: Scope, value: LfValue): Compiled {
  const source =
    value === true ? 'true' : value === false ? 'false' : constantSource(scope.function, value);
  return { ...constant(value), source };
}

function compileCore(context: CompileContext, scope: Scope, expr: Expr): Compiled | null {
  switch (expr.tag) {
    case 'var': {
      const location = resolve(scope, expr.name);
      const source = location.kind === 'local' ? `f[${location.slot}]` : `c[${location.index}]`;
      return { ...atomic(reader(location)), location, source };
    }
    case 'val': {
      // Looked up once, then read from the known value's field.
      const compiled = compileValueReference(context, expr.value);
      const known = constantSource(scope.function, new KnownValue(directOf(compiled)));
      return { ...compiled, source: `(${known}.value ?? ${known}.get(m))` };
    }
    case 'builtin':
      return constantIn(scope, builtinValue(context, expr.builtin));
    case 'builtinCon':
      return constantIn(scope, builtinCon(expr.con));
    case 'builtinLit':
      return constantIn(scope, literal(expr.lit));
    case 'app':
      return compileApplication(context, scope, expr);
    // Types are erased: a type abstraction is its body, a type application its function.
    case 'tyApp':
    case 'tyAbs':
      return context.expression(scope, expr.tag === 'tyApp' ? expr.expr : expr.body);
    case 'abs':
      return compileLambda(context, scope, {
        params: expr.params.map((param) => param.name),
        body: expr.body,
        name: 'lambda',
      });
    case 'case':
      return compileCase(context, scope, expr);
    case 'let':
      return compileLet(context, scope, expr);
    case 'nil':
      return constantIn(scope, nil);
    case 'optionalNone':
      return constantIn(scope, none);
    case 'update':
      return context.update(scope, expr.update);
    case 'experimental':
      throw new FatalFailure(`experimental expression ${expr.name} is not supported`);
    default:
      return null;
  }
}

/** Compiles an expression to machine code. */
export function compileExpression(context: CompileContext, scope: Scope, expr: Expr): Compiled {
  const compiled =
    compileCore(context, scope, expr) ??
    compileData(context, scope, expr) ??
    compileTypeValues(context, scope, expr) ??
    compileInterfaceExpression(context, scope, expr);
  if (compiled === null) throw new FatalFailure(`cannot compile expression ${expr.tag}`);
  return compiled;
}
