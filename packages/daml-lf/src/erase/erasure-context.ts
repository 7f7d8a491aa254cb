import type { InterfaceDefinition, TemplateDefinition } from '@pocketnet/ledger';
import type { CompileContext } from '../machine/compile-context.ts';
import type { LfValueTypes } from '../types/lf-value-types.ts';
import type { ErasedDefinitions } from './erased-definitions.ts';
import type { LfCalls } from './lf-calls.ts';

/** What erasing one definition needs: the compiled program, value types, and the others. */
export type ErasureContext = {
  readonly compiler: CompileContext;
  readonly valueTypes: LfValueTypes;
  readonly calls: LfCalls;
  readonly definitions: ErasedDefinitions;
  /** LF choice bodies running now, one inside the other (exercises nest synchronously). */
  readonly nesting: { depth: number };
};

/**
 * How deep LF exercises may nest. Each level nests the ledger's and the machine's JavaScript
 * calls; past this, an evaluation is stopped with a clear error well before the JavaScript
 * stack runs out (Splice's own choices nest a handful deep).
 */
export const maxExerciseNesting = 200;

export type ErasedEntity = TemplateDefinition | InterfaceDefinition;
