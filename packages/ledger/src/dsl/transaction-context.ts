import type { RecordValue, Value } from '../value.ts';
import type { DamlType } from '../values/types.ts';
import type {
  ArgumentOf,
  ChoiceBodyFunction,
  ChoiceSelf,
  ChoicesOf,
  InterfaceDefinition,
  KeyOf,
  PayloadOf,
  ResultOf,
  TemplateDefinition,
  ViewOf,
} from './definitions.ts';

type TemplateLike = TemplateDefinition;
type InterfaceLike = InterfaceDefinition;
type ChoiceName<TTarget> = keyof ChoicesOf<TTarget> & string;
type ChoiceArgument<TTarget, TName extends ChoiceName<TTarget>> = ArgumentOf<
  ChoicesOf<TTarget>[TName]
>;
type ChoiceResult<TTarget, TName extends ChoiceName<TTarget>> = ResultOf<ChoicesOf<TTarget>[TName]>;

/**
 * What a choice body can do: Daml's Update actions. Every action runs with the authority of
 * the exercised contract's signatories and the choice's controllers. Templates may be given
 * as definitions (typed) or as `#packageName:Module:Entity` references (to break import cycles).
 */
export type TransactionContext = {
  /** Creates a contract and returns its id. */
  create<TTemplate extends TemplateLike>(
    template: TTemplate,
    argument: PayloadOf<TTemplate>,
  ): string;
  /**
   * `typedBy`: the type a typed engine built `argument` by (the Daml-LF engine), so it is not
   * checked again for that type. Template code written by hand never passes it.
   */
  create(template: string, argument: unknown, typedBy?: DamlType): string;

  /** Exercises a choice of a template or, by interface, of an interface; returns its result. */
  exercise<TTarget extends TemplateLike | InterfaceLike, TName extends ChoiceName<TTarget>>(
    target: TTarget,
    contractId: string,
    choice: TName,
    argument: ChoiceArgument<TTarget, TName>,
  ): ChoiceResult<TTarget, TName>;
  exercise(target: string, contractId: string, choice: string, argument: unknown): Value;

  exerciseByKey<TTemplate extends TemplateLike, TName extends ChoiceName<TTemplate>>(
    template: TTemplate,
    key: KeyOf<TTemplate>,
    choice: TName,
    argument: ChoiceArgument<TTemplate, TName>,
  ): ChoiceResult<TTemplate, TName>;
  exerciseByKey(template: string, key: unknown, choice: string, argument: unknown): Value;

  /** The payload of a template's contract, or the view of an interface's. */
  fetch<TTemplate extends TemplateLike>(
    template: TTemplate,
    contractId: string,
  ): PayloadOf<TTemplate>;
  fetch<TInterface extends InterfaceLike>(
    target: TInterface,
    contractId: string,
  ): ViewOf<TInterface>;
  fetch(target: string, contractId: string): Value;

  /**
   * The contract itself, fetched as `fetch` does (a template's, or one implementing an
   * interface): its template in package-id form and its payload. Daml-LF's `fetch_interface`
   * needs the contract, not its view.
   */
  fetchContract(
    target: TemplateLike | InterfaceLike | string,
    contractId: string,
  ): { readonly templateId: string; readonly payload: RecordValue };

  fetchByKey<TTemplate extends TemplateLike>(
    template: TTemplate,
    key: KeyOf<TTemplate>,
  ): { readonly contractId: string; readonly payload: PayloadOf<TTemplate> };
  fetchByKey(
    template: string,
    key: unknown,
  ): { readonly contractId: string; readonly payload: RecordValue };

  /** The id of the active contract with this key, or null (also when it is not visible). */
  lookupByKey<TTemplate extends TemplateLike>(
    template: TTemplate,
    key: KeyOf<TTemplate>,
  ): string | null;
  lookupByKey(template: string, key: unknown): string | null;

  /** Exercises the contract's `Archive` choice. */
  archive(template: TemplateDefinition | string, contractId: string): void;

  /**
   * The ledger time of the transaction, as a Time value (Daml's `getTime`). Reading it ties
   * the transaction to exactly this ledger time: an externally signed transaction that reads
   * it must be executed within the ledger time tolerance of its preparation.
   */
  now(): string;

  /**
   * Daml's ledger time comparisons (`isLedgerTimeLT`, `LE`, `GT`, `GE`): whether the ledger
   * time is before / at or before / after / at or after `time`. They constrain the ledger time
   * only to the side of `time` the answer holds for, so a deadline check this way leaves an
   * externally signed transaction executable until the deadline (Splice's
   * assertWithinDeadline and assertDeadlineExceeded are written with them).
   */
  isLedgerTimeLT(time: string): boolean;
  isLedgerTimeLE(time: string): boolean;
  isLedgerTimeGT(time: string): boolean;
  isLedgerTimeGE(time: string): boolean;
  /**
   * `isLedgerTimeLT` of a time given in microseconds since the epoch, as the Daml-LF engine
   * holds Time values: no text to format and parse back on every comparison.
   */
  isLedgerTimeBeforeMicros(micros: bigint): boolean;

  /**
   * Daml's `try`: begins a scope whose actions `rollback` undoes, when the try block's
   * exception is caught. A scope that ends normally needs nothing more.
   */
  beginRollbackScope(): { rollback(): void };

  /** Aborts the transaction with DAML_FAILURE (Daml's `abort`/`assert`). */
  fail(message: string): never;

  /**
   * Aborts the transaction with DAML_FAILURE carrying an error id, as Daml's `failWithStatus`
   * with the InvalidGivenCurrentSystemStateOther category.
   */
  failWithStatus(errorId: string, message: string): never;

  /**
   * `exercise` in two steps, for an evaluator that runs choice bodies on its own stack (so
   * exercises nest without nesting JavaScript calls): checks and begins the exercise, and
   * hands back the body to run and how to finish it. `exercise` is `finish(body(...))`.
   */
  beginExercise(
    target: TemplateLike | InterfaceLike | string,
    contractId: string,
    choice: string,
    argument: unknown,
    /** As `create`'s: the type a typed engine built `argument` by. */
    typedBy?: DamlType,
  ): BegunExercise;
};

/** An exercise begun by `beginExercise`: its body, to run in `context`, and its end. */
export type BegunExercise = {
  readonly body: ChoiceBodyFunction;
  readonly context: TransactionContext;
  readonly self: ChoiceSelf<Value>;
  /** The argument, checked against the choice's type. */
  readonly argument: Value;
  /**
   * Records the exercise with the body's result; returns the result, checked unless
   * `typedBy` (as `create`'s) is the choice's result type.
   */
  finish(result: unknown, typedBy?: DamlType): Value;
};
