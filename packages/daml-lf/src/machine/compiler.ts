import type { CompileContext } from './compile-context.ts';
import { compileExpression } from './compile-expression.ts';
import { compileUpdate } from './compile-update.ts';
import type { Program } from './program.ts';

/** The compiler of a program: expressions and updates compile into each other through it. */
export function createCompiler(program: Program): CompileContext {
  const context: CompileContext = {
    program,
    expression: (scope, expr) => compileExpression(context, scope, expr),
    update: (scope, update) => compileUpdate(context, scope, update),
  };
  return context;
}
