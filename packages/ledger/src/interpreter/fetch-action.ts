import { qualifiedName } from '../dsl/definitions.ts';
import { DomainError } from '../errors.ts';
import type { ResolvedEntity, ResolvedTemplate } from '../packages/resolved-entity.ts';
import { computeView, implementationOf } from '../packages/views.ts';
import type { RecordValue, Value } from '../value.ts';
import { partySet, requireAuthorization } from './parties.ts';
import type { Frame, LiveContract, TransactionState } from './transaction-state.ts';
import { findByKey, useContract } from './transaction-state.ts';
import { payloadAs, selectedVersion, versionFor } from './upgrade-contract.ts';
import type { ValueSource } from './value-source.ts';
import { checkArgument } from './value-source.ts';

const fromBody: ValueSource = { path: 'contract key', fromCommand: false };

/** Contracts of another version of the same template are accepted (upgrading). */
export function checkTemplate(requested: ResolvedTemplate, live: LiveContract): void {
  const actual = live.template;
  if (
    requested.packageName === actual.packageName &&
    qualifiedName(requested.definition.id) === qualifiedName(actual.definition.id)
  ) {
    return;
  }
  throw new DomainError(
    'WRONGLY_TYPED_CONTRACT',
    `Contract ${live.contract.contractId} is of template ${actual.templateId}, not ${requested.templateId}`,
    {
      details: {
        contractId: live.contract.contractId,
        templateId: requested.templateId,
        actualTemplateId: actual.templateId,
      },
    },
  );
}

function keyTypeOf(template: ResolvedTemplate) {
  const key = template.definition.key;
  if (key === null) {
    throw new DomainError(
      'INVALID_ARGUMENT',
      `Template ${template.templateId} has no contract key`,
    );
  }
  return key;
}

/** The normalised key value of a template's key given by a command or a body. */
export function checkKey(template: ResolvedTemplate, key: unknown, source: ValueSource): Value {
  return checkArgument(keyTypeOf(template).type, key, source);
}

function keyNotFound(template: ResolvedTemplate, key: Value): DomainError {
  return new DomainError(
    'CONTRACT_KEY_NOT_FOUND',
    `No active contract of ${template.templateId} with key ${JSON.stringify(key)} is visible`,
    { details: { templateId: template.templateId, contractKey: JSON.stringify(key) } },
  );
}

/** The visible contract holding a key; CONTRACT_KEY_NOT_FOUND otherwise. */
export function contractByKey(
  state: TransactionState,
  template: ResolvedTemplate,
  key: Value,
): LiveContract {
  const found = findByKey(state, template, key);
  if (found === null) throw keyNotFound(template, key);
  return found;
}

function requireStakeholderAuthority(frame: Frame, live: LiveContract): void {
  const { signatories, observers } = live.contract;
  if ([...signatories, ...observers].some((party) => frame.authorizers.has(party))) return;
  throw new DomainError(
    'DAML_AUTHORIZATION_ERROR',
    `Fetching ${live.contract.contractId} requires a stakeholder (${[...signatories, ...observers].join(', ')}) among the authorizers ${[...frame.authorizers].join(', ')}`,
  );
}

/** Daml's fetch: the payload, or the interface view; an authorizer must be a stakeholder. */
export function fetchContract(
  state: TransactionState,
  frame: Frame,
  target: ResolvedEntity,
  contractId: string,
): Value {
  const live = useContract(state, contractId);
  requireStakeholderAuthority(frame, live);
  if (target.kind === 'template') {
    checkTemplate(target, live);
    return payloadAs(live, versionFor(state, live, target));
  }
  const { template, payload } = selectedVersion(state, live);
  return computeView(template, target, payload);
}

/** Daml-LF's fetch of a contract by interface: the contract's template and payload. */
export function fetchStoredContract(
  state: TransactionState,
  frame: Frame,
  target: ResolvedEntity,
  contractId: string,
): { templateId: string; payload: RecordValue } {
  const live = useContract(state, contractId);
  requireStakeholderAuthority(frame, live);
  if (target.kind === 'template') {
    checkTemplate(target, live);
    const version = versionFor(state, live, target);
    return { templateId: version.templateId, payload: payloadAs(live, version) };
  }
  const { template, payload } = selectedVersion(state, live);
  implementationOf(template, target, live.contract.contractId);
  return { templateId: template.templateId, payload };
}

export function fetchByKey(
  state: TransactionState,
  frame: Frame,
  template: ResolvedTemplate,
  key: unknown,
): { contractId: string; payload: RecordValue } {
  const live = contractByKey(state, template, checkKey(template, key, fromBody));
  requireStakeholderAuthority(frame, live);
  return { contractId: live.contract.contractId, payload: live.contract.createArgument };
}

/** Daml's lookupByKey: the key's maintainers must all be authorizers. */
export function lookupByKey(
  state: TransactionState,
  frame: Frame,
  template: ResolvedTemplate,
  key: unknown,
): string | null {
  const value = checkKey(template, key, fromBody);
  const maintainers = partySet(keyTypeOf(template).maintainers(value));
  requireAuthorization(
    `Looking up a key of ${template.templateId}`,
    maintainers,
    frame.authorizers,
  );
  return findByKey(state, template, value)?.contract.contractId ?? null;
}

/** The id of the visible contract with a key, for exerciseByKey from a body. */
export function contractIdByKey(
  state: TransactionState,
  template: ResolvedTemplate,
  key: unknown,
): string {
  return contractByKey(state, template, checkKey(template, key, fromBody)).contract.contractId;
}
