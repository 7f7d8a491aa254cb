import {
  appendOnlyArray,
  type CreatedNode,
  type JournalRecord,
  type TransactionNode,
  type UndoLog,
  undoableMap,
  type Value,
} from '@pocketnet/ledger';
import { amuletTemplateIds as ids } from '@pocketnet/splice';
import { createReferenceCache, type ReferenceOf } from './network-references.ts';

/** One activity record of a round: a reward coupon or a validator's liveness record. */
export type ActivityRecord =
  | {
      readonly kind: 'app';
      readonly party: string;
      readonly provider: string;
      readonly featured: boolean;
      /** Numeric 10 text, parsed only when the round's allowances are computed. */
      readonly amount: string;
    }
  | { readonly kind: 'validator'; readonly party: string; readonly amount: string }
  | { readonly kind: 'sv'; readonly party: string; readonly weight: string }
  | { readonly kind: 'liveness'; readonly party: string };

type Payload = Readonly<Record<string, Value>>;

/** What Scan knows of one round: its open round, its closing, and every activity recorded. */
export type RoundHistory = {
  readonly number: bigint;
  openRound: Payload | null;
  closedRound: Payload | null;
  readonly records: ActivityRecord[];
};

const roundNumberOf = (payload: Payload): bigint =>
  BigInt((payload.round as { number: string }).number);

const text = (value: Value | undefined) => String(value ?? '');

function activityOf(reference: string, payload: Payload): ActivityRecord | null {
  switch (reference) {
    case ids.appRewardCoupon: {
      const provider = text(payload.provider);
      const beneficiary = payload.beneficiary;
      return {
        kind: 'app',
        party: typeof beneficiary === 'string' ? beneficiary : provider,
        provider,
        featured: payload.featured === true,
        amount: text(payload.amount),
      };
    }
    case ids.validatorRewardCoupon:
      return {
        kind: 'validator',
        party: text(payload.user),
        amount: text(payload.amount),
      };
    case ids.svRewardCoupon:
      return { kind: 'sv', party: text(payload.beneficiary), weight: text(payload.weight) };
    case ids.validatorLivenessActivityRecord:
      return { kind: 'liveness', party: text(payload.validator) };
    default:
      return null;
  }
}

/**
 * The rounds as history: each round's open-round contract (its fees), its closing (its
 * issuance rates), and the activity recorded against it, kept after the coupons are claimed.
 */
export function createRoundActivity(
  undo: UndoLog,
  referenceOf: ReferenceOf = createReferenceCache(),
) {
  const rounds = undoableMap<bigint, RoundHistory>(undo);
  const state: { earliest: bigint | null } = { earliest: null };
  const roundOf = (number: bigint): RoundHistory => {
    let round = rounds.get(number);
    if (round === undefined) {
      round = { number, openRound: null, closedRound: null, records: appendOnlyArray(undo) };
      rounds.set(number, round);
    }
    return round;
  };
  const onCreated = (reference: string, node: CreatedNode) => {
    const payload = node.createArgument;
    if (reference === ids.openMiningRound) {
      const number = roundNumberOf(payload);
      undo.assign(roundOf(number), 'openRound', payload);
      if (state.earliest === null || number < state.earliest)
        undo.assign(state, 'earliest', number);
    } else if (reference === ids.closedMiningRound) {
      undo.assign(roundOf(roundNumberOf(payload)), 'closedRound', payload);
    } else {
      const record = activityOf(reference, payload);
      if (record !== null) roundOf(roundNumberOf(payload)).records.push(record);
    }
  };
  const onNode = (reference: string, node: TransactionNode) => {
    if (node.kind === 'created') onCreated(reference, node);
  };
  return {
    /** One node of a committed transaction, its template's reference already known. */
    onNode,
    apply(record: JournalRecord): void {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) onNode(referenceOf(node), node);
    },
    round: (number: bigint): RoundHistory | undefined => rounds.get(number),
    /** The first round Scan saw open: its activity, and every later round's, is complete. */
    earliestRound: (): bigint | null => state.earliest,
  };
}

export type RoundActivity = ReturnType<typeof createRoundActivity>;
