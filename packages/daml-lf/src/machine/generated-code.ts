import { FatalFailure } from '../values/evaluation-errors.ts';
import type { LfValue } from '../values/lf-value.ts';
import { noArguments } from '../values/lf-value.ts';
import type { Compiled } from './compiled.ts';
import { directOf } from './compiled.ts';
import type { Enter, Fast } from './direct.ts';
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

/** Most parameters a body takes as JavaScript parameters (see `Fast`). */
export const maxFastArity = 3;

/** How a closure body is entered: on a frame, and without one when it needs none. */
export type GeneratedBody = { readonly direct: Enter; readonly fast?: Fast };

/** A frame slot in source (`f[3]`), as a body without a frame array names it (`f3`). */
const frameSlot = /\bf\[(\d+)\]/g;

function compiled(context: FunctionContext, text: string): unknown {
  // Parenthesised, so V8 compiles it now, inside the try, rather than lazily at its first call.
  const build = new Function('E', ...helperNames, text) as (...args: unknown[]) => unknown;
  return build(context.constants, ...helpers);
}

/**
 * A body whose source reads its frame only itself, of at most `maxFastArity` parameters:
 * its slots are JavaScript variables, its parameters JavaScript parameters, so a call makes
 * no frame array. Its frame entry copies the frame's parameters out.
 */
function fastBody(context: FunctionContext, source: string, arity: number, label: string) {
  const params = Array.from({ length: arity }, (_, index) => `f${index}`);
  const locals = [
    ...Array.from({ length: context.frameSize - arity }, (_, index) => `f${arity + index}`),
    ...Array.from({ length: context.temporaries }, (_, index) => `t${index + 1}`),
  ];
  const declarations = locals.length === 0 ? '' : `var ${locals.join(', ')};\n  `;
  const body = source.replace(frameSlot, 'f$1');
  const framed = Array.from({ length: arity }, (_, index) => `f[${index}]`);
  const text = [
    `var fast = function ${label}(m, c${params.map((param) => `, ${param}`).join('')}) {`,
    `  ${declarations}return ${body};`,
    '};',
    `return [fast, function ${label}_framed(m, f, c) { return fast(m, c${framed.map((read) => `, ${read}`).join('')}); }];`,
  ].join('\n');
  const [fast, direct] = compiled(context, text) as [Fast, Enter];
  return { direct, fast };
}

/**
 * The body's source compiled to one function entered on its frame (see `Enter`), or its
 * closures when it has no source or one too large.
 */
export function generateBody(
  context: FunctionContext,
  body: Compiled,
  name: string,
  arity: number,
): GeneratedBody {
  const { source } = body;
  if (source === undefined || source.length > maxSourceLength) {
    return { direct: enterOf(directOf(body)) };
  }
  const label = `lf_${name.replace(/[^A-Za-z0-9_$]/g, '_')}`;
  try {
    // Only a body with parts that read the frame from the machine needs one there.
    if (!directCall.test(source)) {
      if (arity <= maxFastArity) return fastBody(context, source, arity, label);
      const temporaries = Array.from({ length: context.temporaries }, (_, i) => `t${i + 1}`);
      const declarations = temporaries.length === 0 ? '' : `var ${temporaries.join(', ')};\n  `;
      const text = `return (function ${label}(m, f, c) {\n  ${declarations}return ${source};\n});`;
      return { direct: compiled(context, text) as Enter };
    }
    const temporaries = Array.from({ length: context.temporaries }, (_, i) => `t${i + 1}`);
    const statements = [
      `var ${['sf = m.frame', 'sc = m.captured', 'r', ...temporaries].join(', ')};`,
      'm.frame = f;',
      'm.captured = c;',
      `r = ${source};`,
      'm.frame = sf;',
      'm.captured = sc;',
      'return r;',
    ];
    const text = `return (function ${label}(m, f, c) {\n  ${statements.join('\n  ')}\n});`;
    return { direct: compiled(context, text) as Enter };
  } catch {
    // A body too deeply nested for the parser keeps its closures.
    return { direct: enterOf(directOf(body)) };
  }
}
