import type { ChoiceDefinition, InterfaceDefinition } from '@pocketnet/ledger';
import type { TypeConName } from '../ast/names.ts';
import type { DefInterface } from '../ast.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { ErasureContext } from './erasure-context.ts';

function overImplementations(): never {
  throw new FatalFailure('an LF interface choice runs through the implementing template');
}

/**
 * An LF interface for the ledger: its view type and its choices' types. Its choices'
 * parties and bodies are written over the contract, not the view, so every implementing
 * template carries them (ImplementationDefinition.choices).
 */
export function eraseInterface(
  context: ErasureContext,
  name: TypeConName,
  definition: DefInterface,
  packageName: string,
): InterfaceDefinition {
  const choices = new Map<string, ChoiceDefinition>();
  for (const choice of definition.choices.values()) {
    choices.set(choice.name, {
      consuming: choice.consuming,
      argumentType: context.valueTypes.valueType(choice.argBinder.type),
      resultType: context.valueTypes.valueType(choice.returnType),
      controllers: overImplementations,
      observers: null,
      body: null,
    });
  }
  return {
    kind: 'interface',
    id: { packageName, module: name.module, entity: name.name },
    viewType: context.valueTypes.valueType(definition.view),
    choices,
  };
}
