import type {
  ChoiceDefinition,
  ChoiceSelf,
  DamlType,
  TransactionContext,
  Value,
} from '@pocketnet/ledger';
import type { LedgerEffects } from '../machine/ledger-effects.ts';
import type { LfValue } from '../values/lf-value.ts';

export type ChoiceBodyFunction = NonNullable<ChoiceDefinition['body']>;

/** An LF choice's body as the machine runs it: a function value, its arguments, its scope. */
export type LfChoiceBody = {
  start(
    tx: TransactionContext,
    self: ChoiceSelf<Value>,
    argument: Value,
  ): { body: LfValue; args: readonly LfValue[]; effects: LedgerEffects };
  /** The body's result as the ledger's value, built by `resultType`. */
  result(value: LfValue): Value;
  readonly resultType: DamlType;
};

/**
 * The erased choice bodies that are LF ones: an LF exercise of one of them runs its body in
 * the same evaluation (on the machine's stack) instead of through the ledger's call.
 */
export const lfChoiceBodies: WeakMap<ChoiceBodyFunction, LfChoiceBody> = new WeakMap();
