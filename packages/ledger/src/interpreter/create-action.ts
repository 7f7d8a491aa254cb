import type { KeyDefinition } from '../dsl/definitions.ts';
import { DomainError } from '../errors.ts';
import type { ResolvedTemplate } from '../packages/resolved-entity.ts';
import type { CreatedNode } from '../transaction.ts';
import type { RecordValue, Value } from '../value.ts';
import { checkProducedValue } from '../values/produced-value.ts';
import { encodeContractBlob } from './contract-blob.ts';
import { partySet, requireAuthorization, unionOf, withoutParties } from './parties.ts';
import type { ActiveContractDraft, Frame, TransactionState } from './transaction-state.ts';
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
  throw interpretationError(`Template precondition violated for ${template.templateId}${reason}`);
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
      { details: { templateId: template.templateId } },
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

/** Daml's create: checks ensure, authorization, key uniqueness; appends a created node. */
export function performCreate(
  state: TransactionState,
  frame: Frame,
  template: ResolvedTemplate,
  argument: { readonly value: unknown; readonly source: ValueSource },
): string {
  const definition = template.definition;
  const payload = checkArgument(
    definition.payloadType,
    argument.value,
    argument.source,
  ) as RecordValue;
  checkEnsure(template, payload);
  const signatories = partySet(definition.signatories(payload));
  const observers = withoutParties(partySet(definition.observers?.(payload) ?? []), signatories);
  if (signatories.length === 0) {
    throw new DomainError(
      'DAML_AUTHORIZATION_ERROR',
      `A contract of ${template.templateId} needs a signatory`,
    );
  }
  requireAuthorization(`Creating ${template.templateId}`, signatories, frame.authorizers);
  const key =
    definition.key === null
      ? null
      : contractKeyOf(state, template, definition.key, payload, signatories);
  checkKnownParties(state, [...signatories, ...observers]);
  const nodeId = state.nodes.length;
  const contract = draftContract(state, template, { payload, key, signatories, observers, nodeId });
  const node: CreatedNode = {
    kind: 'created',
    nodeId,
    ...contract,
    witnesses: unionOf(frame.witnesses, signatories, observers),
  };
  state.nodes.push(node);
  frame.children.push(nodeId);
  recordCreated(state, { contract, template });
  return contract.contractId;
}

function draftContract(
  state: TransactionState,
  template: ResolvedTemplate,
  parts: {
    readonly payload: RecordValue;
    readonly key: Value | null;
    readonly signatories: readonly string[];
    readonly observers: readonly string[];
    readonly nodeId: number;
  },
): ActiveContractDraft {
  const fields = {
    contractId: state.input.newContractId(parts.nodeId),
    templateId: template.templateId,
    packageName: template.packageName,
    createArgument: parts.payload,
    contractKey: parts.key,
    signatories: parts.signatories,
    observers: parts.observers,
    createdAt: state.createdAt,
  };
  return { ...fields, createdEventBlob: encodeContractBlob(fields) };
}
