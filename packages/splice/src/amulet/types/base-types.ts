import type { Infer, Typed } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import { optionalType } from '../../token-standard/optional-type.ts';

// The small data types of splice-amulet (Splice.Types, Splice.Fees, Splice.Expiry) and the
// Daml standard-library shapes they use, as the JSON Ledger API encodes them.

/** `Splice.Types:Round`, `{number: Int}`. */
export const roundType = t.record({ number: t.int64() }, 'Splice.Types:Round');
export type Round = Infer<typeof roundType>;

export const relTimeType = t.relTime();
export type RelTime = Infer<typeof relTimeType>;

export const ratePerRoundType = t.record({ rate: t.numeric(10) }, 'Splice.Fees:RatePerRound');

export const fixedFeeType = t.record({ fee: t.numeric(10) }, 'Splice.Fees:FixedFee');

/** `(a, b)` is the record `DA.Types:Tuple2` with fields `_1` and `_2`. */
export function tupleType<TFirst, TSecond>(
  first: Typed<TFirst>,
  second: Typed<TSecond>,
): Typed<{ readonly _1: TFirst; readonly _2: TSecond }> {
  return t.record({ _1: first, _2: second }, 'DA.Types:Tuple2');
}

export const steppedRateType = t.record(
  { initialRate: t.numeric(10), steps: t.list(tupleType(t.numeric(10), t.numeric(10))) },
  'Splice.Fees:SteppedRate',
);

/** `Splice.Fees:ExpiringAmount{initialAmount, createdAt, ratePerRound}`. */
export const expiringAmountType = t.record(
  { initialAmount: t.numeric(10), createdAt: roundType, ratePerRound: ratePerRoundType },
  'Splice.Fees:ExpiringAmount',
);
export type ExpiringAmountValue = Infer<typeof expiringAmountType>;

/** `Splice.Expiry:TimeLock{holders, expiresAt, optContext}`. */
export const timeLockType = t.record(
  { holders: t.list(t.party()), expiresAt: t.time(), optContext: optionalType(t.text()) },
  'Splice.Expiry:TimeLock',
);
export type TimeLock = Infer<typeof timeLockType>;

/** `DA.Set.Set Text`: `{map: GenMap Text Unit}`. */
export const textSetType = t.record({ map: t.genMap(t.text(), t.unit()) }, 'DA.Set.Types:Set');
export type TextSet = Infer<typeof textSetType>;

/** `Splice.Schedule:Schedule t a{initialValue, futureValues: [(t, a)]}`. */
export function scheduleType<TTime, TValue>(
  time: Typed<TTime>,
  value: Typed<TValue>,
): Typed<{
  readonly initialValue: TValue;
  readonly futureValues: readonly { readonly _1: TTime; readonly _2: TValue }[];
}> {
  return t.record(
    { initialValue: value, futureValues: t.list(tupleType(time, value)) },
    'Splice.Schedule:Schedule',
  );
}
