import type { EntityReference } from '../dsl/definitions.ts';
import type { TransactionContext } from '../dsl/transaction-context.ts';
import { DomainError } from '../errors.ts';
import type { ResolvedEntity, ResolvedTemplate } from '../packages/resolved-entity.ts';
import type { RecordValue, Value } from '../value.ts';
import { performCreate } from './create-action.ts';
import { performExercise } from './exercise-action.ts';
import { contractIdByKey, fetchByKey, fetchContract, lookupByKey } from './fetch-action.ts';
import type { Frame, TransactionState } from './transaction-state.ts';

/** The erased form of TransactionContext that the interpreter implements. */
type BodyContext = {
  create(template: EntityReference, argument: unknown): string;
  exercise(target: EntityReference, contractId: string, choice: string, argument: unknown): Value;
  exerciseByKey(template: EntityReference, key: unknown, choice: string, argument: unknown): Value;
  fetch(target: EntityReference, contractId: string): Value;
  fetchByKey(template: EntityReference, key: unknown): { contractId: string; payload: RecordValue };
  lookupByKey(template: EntityReference, key: unknown): string | null;
  archive(template: EntityReference, contractId: string): void;
  now(): string;
  fail(message: string): never;
};

function resolveEntity(state: TransactionState, reference: EntityReference): ResolvedEntity {
  const { packages } = state.input;
  return typeof reference === 'string'
    ? packages.resolve(reference)
    : packages.resolveDefinition(reference);
}

function resolveTemplate(state: TransactionState, reference: EntityReference): ResolvedTemplate {
  const entity = resolveEntity(state, reference);
  if (entity.kind !== 'template') throw new Error(`${entity.interfaceId} is an interface, not a template`);
  return entity;
}

function fromBody(what: string): { readonly path: string; readonly fromCommand: false } {
  return { path: what, fromCommand: false };
}

/**
 * The `tx` a choice body receives, bound to the body's scope: actions it takes run with the
 * authority of the exercised contract's signatories and the choice's controllers, and their
 * nodes become children of the exercise node.
 */
export function createBodyContext(state: TransactionState, frame: Frame): TransactionContext {
  const exercise = (target: EntityReference, contractId: string, choice: string, argument: unknown) =>
    performExercise(state, frame, {
      target: resolveEntity(state, target),
      contractId,
      choice,
      argument,
      source: fromBody(`argument of ${choice}`),
    });
  const context: BodyContext = {
    create: (template, argument) =>
      performCreate(state, frame, resolveTemplate(state, template), {
        value: argument,
        source: fromBody('create argument'),
      }),
    exercise,
    exerciseByKey(template, key, choice, argument) {
      const contractId = contractIdByKey(state, resolveTemplate(state, template), key);
      return exercise(template, contractId, choice, argument);
    },
    fetch: (target, contractId) => fetchContract(state, frame, resolveEntity(state, target), contractId),
    fetchByKey: (template, key) => fetchByKey(state, frame, resolveTemplate(state, template), key),
    lookupByKey: (template, key) => lookupByKey(state, frame, resolveTemplate(state, template), key),
    archive(template, contractId) {
      exercise(template, contractId, 'Archive', {});
    },
    now: () => state.createdAt,
    fail(message) {
      throw new DomainError('DAML_INTERPRETATION_ERROR', message);
    },
  };
  // Erasure point: the typed overloads of TransactionContext describe exactly these functions.
  return context as unknown as TransactionContext;
}
