import type { ActiveContract } from '../contract.ts';
import { contractNotFound, DomainError } from '../errors.ts';
import type { ResolvedTemplate } from '../packages/resolved-entity.ts';
import type { TemplateIdString, TransactionNode } from '../transaction.ts';
import type { Value } from '../value.ts';
import type { InterpretInput } from './interpret.ts';
import type { LedgerTimeBounds } from './ledger-time-bounds.ts';

/** A contract the transaction can use, with its template resolved. */
export type LiveContract = {
  readonly contract: ActiveContract;
  readonly template: ResolvedTemplate;
};

/**
 * The overlay a transaction works on: contracts it created, contracts it consumed and the
 * key changes it made. The contract store itself is never written, so a failed command
 * leaves no trace.
 */
export type TransactionState = {
  readonly input: InterpretInput;
  /** actAs and readAs: whose view of the ledger the submission has. */
  readonly readers: ReadonlySet<string>;
  /** Disclosed contracts whose blob matched the active contract. */
  readonly disclosed: ReadonlySet<string>;
  /** Nodes in pre-order; an exercise holds its slot (null) until its body finishes. */
  readonly nodes: (TransactionNode | null)[];
  readonly created: Map<string, LiveContract>;
  readonly consumed: Set<string>;
  /** Key slots changed by this transaction: the contract now holding the key, or null. */
  readonly keys: Map<string, string | null>;
  readonly createdAt: string;
  /** The ledger times this interpretation holds for, narrowed by each look at the time. */
  readonly timeBounds: LedgerTimeBounds;
};

/** An action scope: the authority it runs with and the witnesses of the enclosing action. */
export type Frame = {
  readonly authorizers: ReadonlySet<string>;
  readonly witnesses: readonly string[];
  /** Node ids of the actions performed directly in this scope. */
  readonly children: number[];
};

export function keySlot(templateId: TemplateIdString, key: Value): string {
  // Normalised values have a fixed field order, so their JSON text identifies them.
  return `${templateId}\u0000${JSON.stringify(key)}`;
}

function isVisible(state: TransactionState, contract: ActiveContract): boolean {
  if (state.disclosed.has(contract.contractId)) return true;
  const { readers } = state;
  return (
    contract.signatories.some((party) => readers.has(party)) ||
    contract.observers.some((party) => readers.has(party))
  );
}

function templateOf(state: TransactionState, contract: ActiveContract): ResolvedTemplate {
  const template = state.input.packages.templateById(contract.templateId);
  if (template === undefined) {
    throw new DomainError(
      'PACKAGE_NOT_FOUND',
      `The package of template ${contract.templateId} (contract ${contract.contractId}) is not loaded`,
    );
  }
  return template;
}

/**
 * A contract the submitters may use: created earlier in this transaction, or active in the
 * store and visible to them (as a stakeholder or by disclosure). Anything else is reported as
 * not found, as Canton does, so that existence is not revealed.
 */
export function useContract(state: TransactionState, contractId: string): LiveContract {
  if (state.consumed.has(contractId)) throw contractNotFound(contractId);
  const created = state.created.get(contractId);
  if (created !== undefined) return created;
  const stored = state.input.contracts.lookup(contractId);
  if (stored === undefined || !isVisible(state, stored)) throw contractNotFound(contractId);
  return { contract: stored, template: templateOf(state, stored) };
}

/** The id of the active contract holding a key, whether or not the submitters can see it. */
export function keyHolder(
  state: TransactionState,
  template: ResolvedTemplate,
  key: Value,
): string | null {
  const slot = state.keys.get(keySlot(template.templateId, key));
  if (slot !== undefined) return slot;
  const stored = state.input.contracts.lookupByKey(template.templateId, key);
  return stored === undefined || state.consumed.has(stored.contractId) ? null : stored.contractId;
}

/** The visible active contract with a key, or null. */
export function findByKey(
  state: TransactionState,
  template: ResolvedTemplate,
  key: Value,
): LiveContract | null {
  const contractId = keyHolder(state, template, key);
  if (contractId === null) return null;
  const created = state.created.get(contractId);
  if (created !== undefined) return created;
  const stored = state.input.contracts.lookup(contractId);
  if (stored === undefined || !isVisible(state, stored)) return null;
  return { contract: stored, template };
}

export function consume(state: TransactionState, live: LiveContract): void {
  const { contract } = live;
  state.consumed.add(contract.contractId);
  if (contract.contractKey !== null) {
    state.keys.set(keySlot(contract.templateId, contract.contractKey), null);
  }
}

export function recordCreated(state: TransactionState, live: LiveContract): void {
  const { contract } = live;
  state.created.set(contract.contractId, live);
  if (contract.contractKey !== null) {
    state.keys.set(keySlot(contract.templateId, contract.contractKey), contract.contractId);
  }
}
