import type { Expr } from '../ast/expressions.ts';
import type { Update } from '../ast/updates.ts';
import type { Compiled } from './compiled.ts';
import type { Program } from './program.ts';
import type { Scope } from './scope.ts';

/** What every compile function gets: the program, and the compilers it recurses into. */
export type CompileContext = {
  readonly program: Program;
  readonly expression: (scope: Scope, expr: Expr) => Compiled;
  readonly update: (scope: Scope, update: Update) => Compiled;
};
