import type { ValueName } from '../ast/names.ts';
import { qualifiedNameKey } from '../ast/names.ts';
import type { LfValue } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import type { Compiled } from './compiled.ts';
import { runNested } from './direct.ts';
import type { Code, Continuation, Machine } from './machine.ts';
import { valueDefinitionOf } from './program.ts';
import { functionScope } from './scope.ts';

type Storing = Continuation & { readonly key: string };

const store = (machine: Machine, value: LfValue, self: Continuation): void => {
  machine.value = value;
  (self as Storing & { values: Map<string, LfValue> }).values.set((self as Storing).key, value);
};

/**
 * A top-level value: compiled and evaluated on first use, then kept for the program (the
 * spec allows caching; Speedy does the same).
 */
export function compileValueReference(context: CompileContext, name: ValueName): Compiled {
  const key = qualifiedNameKey(name);
  const { program } = context;
  // The value once known, kept by this reference too: a Map lookup less on every use.
  let known: LfValue | undefined;
  const peek = () => {
    known ??= program.values.get(key);
    return known;
  };
  const code: Code = (machine) => {
    const value = peek();
    if (value !== undefined) {
      machine.value = value;
      return;
    }
    let body = program.valueCode.get(key);
    let frameSize = program.valueFrames.get(key) ?? 0;
    if (body === undefined) {
      const scope = functionScope(null, []);
      body = context.expression(scope, valueDefinitionOf(program, name).expr).code;
      frameSize = scope.function.frameSize;
      program.valueCode.set(key, body);
      program.valueFrames.set(key, frameSize);
    }
    machine.stack.push({
      resume: store,
      frame: machine.frame,
      captured: machine.captured,
      key,
      values: program.values,
    } as Storing);
    machine.frame = new Array<LfValue>(frameSize);
    machine.captured = [];
    machine.control = body;
  };
  // Evaluated once per program: the machine's way is fast enough for that.
  return { code, atom: null, peek, direct: (machine) => peek() ?? runNested(machine, code) };
}
