import type { ImplementationDefinition } from '../dsl/definitions.ts';
import { DomainError } from '../errors.ts';
import type { RecordValue, Value } from '../value.ts';
import { checkProducedValue } from '../values/produced-value.ts';
import type { ResolvedInterface, ResolvedTemplate } from './resolved-entity.ts';

/**
 * How a template implements an interface. When it does not: for a contract used through the
 * interface, Canton's CONTRACT_DOES_NOT_IMPLEMENT_INTERFACE naming it; else (a view asked of a
 * template) DAML_INTERPRETATION_ERROR.
 */
export function implementationOf(
  template: ResolvedTemplate,
  target: ResolvedInterface,
  contractId?: string,
): ImplementationDefinition {
  const implementation = template.definition.implementations.find(
    (candidate) => candidate.interface === target.definition,
  );
  if (implementation === undefined) {
    const message = `Contract of template ${template.templateId} does not implement interface ${target.interfaceId}`;
    if (contractId === undefined) throw new DomainError('DAML_INTERPRETATION_ERROR', message);
    throw new DomainError('CONTRACT_DOES_NOT_IMPLEMENT_INTERFACE', message, {
      details: { contractId, templateId: template.templateId, interfaceId: target.interfaceId },
    });
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
    // Built by the implemented interface's view type: another version's is checked.
    implementation.typedView === true ? implementation.interface.viewType : null,
  );
}
