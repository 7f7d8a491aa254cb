import { FatalFailure } from '../values/evaluation-errors.ts';
import type { LfValue } from '../values/lf-value.ts';
import { noArguments } from '../values/lf-value.ts';
import type { Compiled } from './compiled.ts';
import { directOf } from './compiled.ts';
import type { Enter } from './direct.ts';
import { enterOf } from './direct.ts';
import { call1, call2, call3, callMany } from './generated-calls.ts';
import type { FunctionTarget } from './machine.ts';
import { performDirect } from './performed-update.ts';
import type { FunctionContext } from './scope.ts';

/**
 * A function body as one JavaScript function. Closures per expression node keep the machine
 * simple, but V8 shares one compiled code (and its call-site feedback) among all closures of a
 * kind, so every node costs a call it cannot inline. The direct form of a function body is
 * therefore also written out as JavaScript source, the parts that have such a form inlined
 * (variables, constants, calls, cases, lets, records), the others called as their direct
 * closures. It reads and writes the same frame slots as the closures, so both forms mix freely;
 * the machine's explicit-stack form is unchanged.
 *
 * In the source: `m` is the machine, `f` the frame, `c` the captured values, `E` the constants
 * and closures the body uses (kept per function body), `tN` temporaries of nested cases.
 */
/** A constant or closure of the function body, as it is named in its source. */
export function constantSource(context: FunctionContext, value: unknown): string {
  const index = context.constants.length;
  context.constants.push(value);
  return `E[${index}]`;
}

/** A new temporary of the function body. */
export function temporary(context: FunctionContext): string {
  context.temporaries += 1;
  return `t${context.temporaries}`;
}

/** The source of a part: its own, or a call of its direct closure. */
export function sourceOf(context: FunctionContext, part: Compiled): string {
  return part.source ?? `${constantSource(context, directOf(part))}(m)`;
}

/**
 * Data built from its parts by `build` (given their values in order), in source: the parts
 * inline, then one call, instead of a call of the direct closure that reads them itself.
 */
export function builtSource(
  context: FunctionContext,
  build: (values: readonly LfValue[]) => LfValue,
  parts: readonly Compiled[],
): string {
  const sources = parts.map((part) => sourceOf(context, part));
  return `${constantSource(context, build)}([${sources.join(', ')}])`;
}

/** A part's value transformed by `map`, in source. */
export function derivedSource(
  context: FunctionContext,
  map: (value: LfValue) => LfValue,
  part: Compiled,
): string {
  return `${constantSource(context, map)}(${sourceOf(context, part)})`;
}

/**
 * A new closure of `target` in source, made in `context`: the values `inner` captures are read
 * inline (the same fields, in the same order as `captureValues`).
 */
export function closureSource(
  context: FunctionContext,
  inner: FunctionContext,
  target: FunctionTarget,
  arity: number,
): string {
  const reads = inner.captures.map(({ from }) =>
    from.kind === 'local' ? `f[${from.slot}]` : `c[${from.index}]`,
  );
  return `({ tag: 'Function', arity: ${arity}, given: ${constantSource(context, noArguments)}, target: ${constantSource(context, target)}, captured: [${reads.join(', ')}] })`;
}

function matchError(): never {
  throw new FatalFailure('match error');
}

const helperNames = ['call1', 'call2', 'call3', 'callMany', 'matchError', 'performUpdate'] as const;
const helpers = [call1, call2, call3, callMany, matchError, performDirect];

/** A call in source: the function's, then the arguments' sources, evaluated in that order. */
export function callSource(fn: string, args: readonly string[]): string {
  const count = args.length;
  if (count >= 1 && count <= 3) return `call${count}(m, ${fn}, ${args.join(', ')})`;
  return `callMany(m, ${fn}, [${args.join(', ')}])`;
}

/** Largest body written as source; larger ones keep their closures (V8 parses nesting deeply). */
const maxSourceLength = 100_000;

/** A call of a part's direct closure in source: it reads the frame from the machine. */
const directCall = /E\[\d+\]\(m\)/;

/**
 * The body's source compiled to one function entered on its frame (see `Enter`), or its
 * closures when it has no source or one too large.
 */
export function generateBody(context: FunctionContext, body: Compiled, name: string): Enter {
  const { source } = body;
  if (source === undefined || source.length > maxSourceLength) return enterOf(directOf(body));
  const temporaries = Array.from({ length: context.temporaries }, (_, index) => `t${index + 1}`);
  const label = `lf_${name.replace(/[^A-Za-z0-9_$]/g, '_')}`;
  // Only a body with parts that read the frame from the machine puts its own there.
  const statements = directCall.test(source)
    ? [
        `var ${['sf = m.frame', 'sc = m.captured', 'r', ...temporaries].join(', ')};`,
        'm.frame = f;',
        'm.captured = c;',
        `r = ${source};`,
        'm.frame = sf;',
        'm.captured = sc;',
        'return r;',
      ]
    : [...(temporaries.length === 0 ? [] : [`var ${temporaries.join(', ')};`]), `return ${source};`];
  // Parenthesised, so V8 compiles it now, inside the try, rather than lazily at its first call.
  const text = `return (function ${label}(m, f, c) {\n  ${statements.join('\n  ')}\n});`;
  try {
    const build = new Function('E', ...helperNames, text) as (...args: unknown[]) => Enter;
    return build(context.constants, ...helpers);
  } catch {
    // A body too deeply nested for the parser keeps its closures.
    return enterOf(directOf(body));
  }
}
