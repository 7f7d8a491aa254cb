import type { EntityReference } from '../dsl/definitions.ts';
import type { BegunExercise, TransactionContext } from '../dsl/transaction-context.ts';
import { DomainError } from '../errors.ts';
import type { ResolvedEntity, ResolvedTemplate } from '../packages/resolved-entity.ts';
import type { RecordValue, Value } from '../value.ts';
import type { DamlType } from '../values/types.ts';
import { performCreate } from './create-action.ts';
import { beginExercise, performExercise } from './exercise-action.ts';
import {
  contractIdByKey,
  fetchByKey,
  fetchContract,
  fetchStoredContract,
  lookupByKey,
} from './fetch-action.ts';
import { comparedTime, isLedgerTimeBefore, pinTimeBounds } from './ledger-time-bounds.ts';
import { beginRollbackScope } from './rollback-scope.ts';
import type { Frame, TransactionState } from './transaction-state.ts';
import type { ValueSource } from './value-source.ts';

/** The erased form of TransactionContext that the interpreter implements. */
type BodyContext = {
  create(template: EntityReference, argument: unknown, typedBy?: DamlType): string;
  exercise(target: EntityReference, contractId: string, choice: string, argument: unknown): Value;
  exerciseByKey(template: EntityReference, key: unknown, choice: string, argument: unknown): Value;
  fetch(target: EntityReference, contractId: string): Value;
  fetchContract(
    target: EntityReference,
    contractId: string,
  ): { templateId: string; payload: RecordValue };
  fetchByKey(template: EntityReference, key: unknown): { contractId: string; payload: RecordValue };
  lookupByKey(template: EntityReference, key: unknown): string | null;
  archive(template: EntityReference, contractId: string): void;
  now(): string;
  isLedgerTimeLT(time: string): boolean;
  isLedgerTimeLE(time: string): boolean;
  isLedgerTimeGT(time: string): boolean;
  isLedgerTimeGE(time: string): boolean;
  isLedgerTimeBeforeMicros(micros: bigint): boolean;
  beginRollbackScope(): { rollback(): void };
  fail(message: string): never;
  failWithStatus(errorId: string, message: string): never;
  beginExercise(
    target: EntityReference,
    contractId: string,
    choice: string,
    argument: unknown,
    typedBy?: DamlType,
  ): BegunExercise;
};

/** Daml's ledger time primitives over the state's bounds: all four are `isLedgerTimeLT`. */
function ledgerTimeComparisons(state: TransactionState) {
  const { timeBounds, input } = state;
  const before = (limit: bigint) => isLedgerTimeBefore(timeBounds, input.ledgerTimeMicros, limit);
  return {
    now() {
      pinTimeBounds(timeBounds, input.ledgerTimeMicros);
      return state.createdAt;
    },
    isLedgerTimeLT: (time: string) => before(comparedTime(time)),
    isLedgerTimeLE: (time: string) => before(comparedTime(time) + 1n),
    isLedgerTimeGT: (time: string) => !before(comparedTime(time) + 1n),
    isLedgerTimeGE: (time: string) => !before(comparedTime(time)),
    isLedgerTimeBeforeMicros: before,
  };
}

function resolveEntity(state: TransactionState, reference: EntityReference): ResolvedEntity {
  const { packages } = state.input;
  return typeof reference === 'string'
    ? packages.resolve(reference)
    : packages.resolveDefinition(reference);
}

function resolveTemplate(state: TransactionState, reference: EntityReference): ResolvedTemplate {
  const entity = resolveEntity(state, reference);
  if (entity.kind !== 'template')
    throw new Error(`${entity.interfaceId} is an interface, not a template`);
  return entity;
}

function fromBody(what: string, typedBy: DamlType | null = null): ValueSource {
  return { path: what, fromCommand: false, typedBy };
}

type BodyExercise = {
  readonly target: EntityReference;
  readonly contractId: string;
  readonly choice: string;
  readonly argument: unknown;
};

function bodyRequest(state: TransactionState, call: BodyExercise, typedBy?: DamlType) {
  return {
    target: resolveEntity(state, call.target),
    contractId: call.contractId,
    choice: call.choice,
    argument: call.argument,
    source: fromBody(`argument of ${call.choice}`, typedBy),
  };
}

function exerciseFromBody(state: TransactionState, frame: Frame, call: BodyExercise): Value {
  return performExercise(state, frame, bodyRequest(state, call));
}

/**
 * The `tx` a choice body receives, bound to the body's scope: actions it takes run with the
 * authority of the exercised contract's signatories and the choice's controllers, and their
 * nodes become children of the exercise node.
 */
export function createBodyContext(state: TransactionState, frame: Frame): TransactionContext {
  const template = (reference: EntityReference) => resolveTemplate(state, reference);
  const context: BodyContext = {
    create: (target, argument, typedBy) =>
      performCreate(state, frame, template(target), {
        value: argument,
        source: fromBody('create argument', typedBy),
      }),
    exercise: (target, contractId, choice, argument) =>
      exerciseFromBody(state, frame, { target, contractId, choice, argument }),
    exerciseByKey(target, key, choice, argument) {
      const contractId = contractIdByKey(state, template(target), key);
      return exerciseFromBody(state, frame, { target, contractId, choice, argument });
    },
    fetch: (target, contractId) =>
      fetchContract(state, frame, resolveEntity(state, target), contractId),
    fetchContract: (target, contractId) =>
      fetchStoredContract(state, frame, resolveEntity(state, target), contractId),
    fetchByKey: (target, key) => fetchByKey(state, frame, template(target), key),
    lookupByKey: (target, key) => lookupByKey(state, frame, template(target), key),
    archive(target, contractId) {
      exerciseFromBody(state, frame, { target, contractId, choice: 'Archive', argument: {} });
    },
    ...ledgerTimeComparisons(state),
    beginRollbackScope: () => beginRollbackScope(state, frame),
    // Canton 3.x's wording for Daml's `abort`/`assert` (a GeneralError nobody handles) and
    // for failWithStatus, so clients match one cause on either implementation.
    fail(message) {
      throw new DomainError(
        'DAML_FAILURE',
        `Interpretation error: Error: User failure: UNHANDLED_EXCEPTION/DA.Exception.GeneralError:GeneralError (error category 9): ${message}`,
      );
    },
    failWithStatus(errorId, message) {
      throw new DomainError(
        'DAML_FAILURE',
        `Interpretation error: Error: User failure: ${errorId} (error category 9): ${message}`,
        { details: { error_id: errorId } },
      );
    },
    beginExercise: (target, contractId, choice, argument, typedBy) =>
      beginExercise(
        state,
        frame,
        bodyRequest(state, { target, contractId, choice, argument }, typedBy),
      ),
  };
  // Erasure point: the typed overloads of TransactionContext describe exactly these functions.
  return context as unknown as TransactionContext;
}
