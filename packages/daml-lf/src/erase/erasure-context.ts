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
};

export type ErasedEntity = TemplateDefinition | InterfaceDefinition;
