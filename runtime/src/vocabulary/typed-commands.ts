// Commands and reads written against the generated Splice vocabulary (issue 21), so that a
// template, choice or field renamed in Splice's packages fails to compile here. Values on the
// ledger are in the JSON Ledger API's encoding, which the generated types describe; the casts
// below are where the untyped ledger value meets that description.

import type { Command, Value } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';

type TemplateRef<P, C> = spliceVocabulary.TemplateRef<P, C>;
type ChoiceRef<A, R> = spliceVocabulary.ChoiceRef<A, R>;

type OptionalKeys<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];
/**
 * A value as the runtime writes it for a generated type, checked all the way down: a record's
 * fields by their generated names (an Optional one may be left out, as the JSON API allows),
 * a variant's tag with its value, Numeric, Int64, Time and ContractId as strings.
 */
export type ArgumentValue<T> = T extends string | boolean | null
  ? T
  : T extends readonly [infer A, infer B]
    ? readonly [ArgumentValue<A>, ArgumentValue<B>]
    : T extends readonly (infer E)[]
      ? readonly ArgumentValue<E>[]
      : T extends object
        ? ArgumentFields<T>
        : T;
/** A choice argument or payload: every field of the record, each checked by its generated type. */
export type ArgumentFields<A> = A extends object
  ? Flat<
      { readonly [K in Exclude<keyof A, OptionalKeys<A>>]: ArgumentValue<A[K]> } & {
        readonly [K in OptionalKeys<A>]?: ArgumentValue<A[K]>;
      }
    >
  : never;
export type Flat<T> = { readonly [K in keyof T]: T[K] };

/** Exercises `choice` of `template` (or interface) on `contractId`. */
export function exerciseOf<P, C, A, R>(
  template: TemplateRef<P, C>,
  contractId: string,
  choice: ChoiceRef<A, R>,
  argument: ArgumentFields<A>,
): Command {
  return exerciseOnContract(
    template,
    { templateId: template.templateId, contractId },
    choice,
    argument,
  );
}

/**
 * Exercises `choice` on a contract by the exact template id it was created with (a prepared
 * transaction names that package), `template` giving the choice's types.
 */
export function exerciseOnContract<P, C, A, R>(
  _template: TemplateRef<P, C>,
  contract: { readonly templateId: string; readonly contractId: string },
  choice: ChoiceRef<A, R>,
  argument: ArgumentFields<A>,
): Command {
  return {
    kind: 'exercise',
    templateId: contract.templateId,
    contractId: contract.contractId,
    choice: choice.name,
    choiceArgument: argument as unknown as Value,
  };
}

/** Creates a contract of `template` with its payload's fields. */
export function createOf<P, C>(template: TemplateRef<P, C>, payload: ArgumentFields<P>): Command {
  return {
    kind: 'create',
    templateId: template.templateId,
    createArguments: payload as unknown as Value,
  };
}

/** A contract's payload (or an interface's view) as its generated type. */
export const payloadOf = <P, C>(_template: TemplateRef<P, C>, value: Value): P =>
  value as unknown as P;

/** A reader of one field of `template`'s payloads, for tables that map templates to a field. */
export const fieldOf =
  <P, C, T>(template: TemplateRef<P, C>, read: (payload: P) => T) =>
  (value: Value): T =>
    read(payloadOf(template, value));

/** A choice's argument, read back from an exercised node, as its generated type. */
export const argumentOf = <A, R>(_choice: ChoiceRef<A, R>, value: Value): A =>
  value as unknown as A;

/** A choice's result as its generated type. */
export const resultOf = <A, R>(_choice: ChoiceRef<A, R>, value: Value): R => value as unknown as R;

/**
 * A value read by fields that several generated types have in common, each optional (not every
 * one has it): for code that reads the same field off the arguments or results of many choices.
 * `T` lists the fields by the generated types that declare them.
 */
export const sharedFieldsOf = <T>(value: Value): { readonly [K in keyof T]?: T[K] } =>
  (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as {
    readonly [K in keyof T]?: T[K];
  };

/** The result type of a generated choice. */
export type ResultOf<C> = C extends ChoiceRef<unknown, infer R> ? R : never;
