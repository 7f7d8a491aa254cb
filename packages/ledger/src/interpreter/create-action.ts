import type { KeyDefinition } from '../dsl/definitions.ts';
import { DomainError } from '../errors.ts';
import type { ResolvedTemplate } from '../packages/resolved-entity.ts';
import type { CreatedNode } from '../transaction.ts';
import type { RecordValue, Value } from '../value.ts';
import { checkProducedValue } from '../values/produced-value.ts';
import {
  isSameList,
  type PartyListPool,
  partySet,
  requireAuthorization,
  unionOf,
  unpooled,
  withoutParties,
} from './parties.ts';
import type { Frame, TransactionState } from './transaction-state.ts';
import { keyHolder, recordCreated } from './transaction-state.ts';
import type { ValueSource } from './value-source.ts';
import { checkArgument } from './value-source.ts';

function interpretationError(message: string): DomainError {
  return new DomainError('DAML_INTERPRETATION_ERROR', message);
}

function checkEnsure(template: ResolvedTemplate, payload: RecordValue): void {
  const verdict = template.definition.ensure?.(payload) ?? true;
  if (verdict === true) return;
  const reason = typeof verdict === 'string' ? `: ${verdict}` : '';
  // As Canton 3.x reports a false `ensure` of a template the Daml compiler can show (Splice's):
  // the PreconditionFailed exception it throws, unhandled.
  throw new DomainError(
    'DAML_FAILURE',
    `Interpretation error: Error: User failure: UNHANDLED_EXCEPTION/DA.Exception.PreconditionFailed:PreconditionFailed (error category 9): Template precondition violated for ${template.templateId}${reason}`,
  );
}

function contractKeyOf(
  state: TransactionState,
  template: ResolvedTemplate,
  key: KeyDefinition,
  payload: RecordValue,
  signatories: readonly string[],
): Value {
  const value = checkProducedValue(key.type, key.of(payload), `key of ${template.templateId}`);
  const maintainers = partySet(key.maintainers(value));
  if (maintainers.length === 0)
    throw interpretationError(`The key of ${template.templateId} has no maintainers`);
  const outside = maintainers.filter((party) => !signatories.includes(party));
  if (outside.length > 0) {
    throw new DomainError(
      'DAML_AUTHORIZATION_ERROR',
      `Key maintainers ${outside.join(', ')} of ${template.templateId} are not signatories`,
    );
  }
  if (keyHolder(state, template, value) !== null) {
    throw new DomainError(
      'DUPLICATE_CONTRACT_KEY',
      `A contract of ${template.templateId} with key ${JSON.stringify(value)} already exists`,
      { details: { templateId: template.templateId, contractKey: JSON.stringify(value) } },
    );
  }
  return value;
}

function checkKnownParties(state: TransactionState, parties: readonly string[]): void {
  const unknown = parties.filter((party) => !state.input.isKnownParty(party));
  if (unknown.length === 0) return;
  throw new DomainError(
    'PARTY_NOT_KNOWN_ON_LEDGER',
    `Parties not known on ledger: ${unknown.join(', ')}`,
    {
      details: { parties: unknown.join(',') },
    },
  );
}

/** The contract's signatories (at least one) and observers, as shared party sets. */
function stakeholdersOf(state: TransactionState, template: ResolvedTemplate, payload: RecordValue) {
  const { definition } = template;
  const share = state.input.shareParties ?? unpooled;
  const signatories = share(partySet(definition.signatories(payload)));
  const observers = share(
    withoutParties(partySet(definition.observers?.(payload) ?? []), signatories),
  );
  if (signatories.length === 0) {
    throw new DomainError(
      'DAML_AUTHORIZATION_ERROR',
      `A contract of ${template.templateId} needs a signatory`,
    );
  }
  return { signatories, observers };
}

/** Daml's create: checks ensure, authorization, key uniqueness; appends a created node. */
export function performCreate(
  state: TransactionState,
  frame: Frame,
  template: ResolvedTemplate,
  argument: { readonly value: unknown; readonly source: ValueSource },
): string {
  const { definition } = template;
  const { value, source } = argument;
  const payload = checkArgument(definition.payloadType, value, source) as RecordValue;
  checkEnsure(template, payload);
  const stakeholders = stakeholdersOf(state, template, payload);
  const { signatories, observers } = stakeholders;
  requireAuthorization(`Creating ${template.templateId}`, signatories, frame.authorizers);
  const key =
    definition.key === null
      ? null
      : contractKeyOf(state, template, definition.key, payload, signatories);
  checkKnownParties(state, [...signatories, ...observers]);
  const nodeId = state.nodes.length;
  const node: CreatedNode = {
    kind: 'created',
    nodeId,
    contractId: state.input.newContractId(nodeId),
    templateId: template.templateId,
    packageName: template.packageName,
    createArgument: payload,
    contractKey: key,
    signatories,
    observers,
    createdAt: state.createdAt,
    witnesses: witnessesOf(frame, stakeholders, state.input.shareParties ?? unpooled),
  };
  state.nodes.push(node);
  frame.children.push(nodeId);
  // The node is the contract: the engine's store keeps this object, not a copy of its fields.
  recordCreated(state, { contract: node, template });
  return node.contractId;
}

/**
 * The stakeholders plus the enclosing witnesses. A root create's witnesses are its
 * stakeholders, and most contracts have no observers: then the signatories' array serves.
 */
function witnessesOf(
  frame: Frame,
  stakeholders: { readonly signatories: readonly string[]; readonly observers: readonly string[] },
  share: PartyListPool,
): readonly string[] {
  const { signatories, observers } = stakeholders;
  if (frame.witnesses.length === 0 && observers.length === 0) return signatories;
  const witnesses = unionOf(frame.witnesses, signatories, observers);
  return isSameList(witnesses, signatories) ? signatories : share(witnesses);
}
