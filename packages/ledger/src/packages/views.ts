import type { ImplementationDefinition } from '../dsl/definitions.ts';
import { DomainError } from '../errors.ts';
import type { RecordValue, Value } from '../value.ts';
import { checkProducedValue } from '../values/produced-value.ts';
import type { ResolvedInterface, ResolvedTemplate } from './resolved-entity.ts';

/** How a template implements an interface; DAML_INTERPRETATION_ERROR when it does not. */
export function implementationOf(
  template: ResolvedTemplate,
  target: ResolvedInterface,
): ImplementationDefinition {
  const implementation = template.definition.implementations.find(
    (candidate) => candidate.interface === target.definition,
  );
  if (implementation === undefined) {
    throw new DomainError(
      'DAML_INTERPRETATION_ERROR',
      `Contract of template ${template.templateId} does not implement interface ${target.interfaceId}`,
    );
  }
  return implementation;
}

/** The interface view of a contract's payload, checked against the interface's view type. */
export function computeView(
  template: ResolvedTemplate,
  target: ResolvedInterface,
  payload: RecordValue,
): Value {
  const implementation = implementationOf(template, target);
  return checkProducedValue(
    target.definition.viewType,
    implementation.view(payload),
    `view of ${target.interfaceId}`,
  );
}
