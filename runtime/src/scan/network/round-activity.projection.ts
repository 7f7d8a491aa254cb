import {
  appendOnlyArray,
  type CreatedNode,
  type JournalRecord,
  type TransactionNode,
  type UndoLog,
  undoableMap,
  type Value,
} from '@pocketnet/ledger';
import { amuletTemplateIds as ids, type spliceVocabulary } from '@pocketnet/splice';
import {
  amuletTemplates,
  roundTemplates,
  validatorLicenseTemplates,
} from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import { createReferenceCache, type ReferenceOf } from './network-references.ts';

type OpenRound = spliceVocabulary.splice_amulet.Splice.Round.OpenMiningRound;
type ClosedRound = spliceVocabulary.splice_amulet.Splice.Round.ClosedMiningRound;

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

/** What Scan knows of one round: its open round, its closing, and every activity recorded. */
export type RoundHistory = {
  readonly number: bigint;
  openRound: OpenRound | null;
  closedRound: ClosedRound | null;
  readonly records: ActivityRecord[];
};

/** The round of a round, coupon or activity record: all carry `round`. */
const roundNumberOf = (payload: Value): bigint =>
  BigInt(payloadOf(roundTemplates.OpenMiningRound, payload).round.number);

function activityOf(reference: string, payload: Value): ActivityRecord | null {
  switch (reference) {
    case ids.appRewardCoupon: {
      const coupon = payloadOf(amuletTemplates.AppRewardCoupon, payload);
      return {
        kind: 'app',
        party: coupon.beneficiary ?? coupon.provider,
        provider: coupon.provider,
        featured: coupon.featured,
        amount: coupon.amount,
      };
    }
    case ids.validatorRewardCoupon: {
      const coupon = payloadOf(amuletTemplates.ValidatorRewardCoupon, payload);
      return { kind: 'validator', party: coupon.user, amount: coupon.amount };
    }
    case ids.svRewardCoupon: {
      const coupon = payloadOf(amuletTemplates.SvRewardCoupon, payload);
      return { kind: 'sv', party: coupon.beneficiary, weight: coupon.weight };
    }
    case ids.validatorLivenessActivityRecord: {
      const { ValidatorLivenessActivityRecord } = validatorLicenseTemplates;
      return {
        kind: 'liveness',
        party: payloadOf(ValidatorLivenessActivityRecord, payload).validator,
      };
    }
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
      undo.assign(roundOf(number), 'openRound', payloadOf(roundTemplates.OpenMiningRound, payload));
      if (state.earliest === null || number < state.earliest)
        undo.assign(state, 'earliest', number);
    } else if (reference === ids.closedMiningRound) {
      undo.assign(
        roundOf(roundNumberOf(payload)),
        'closedRound',
        payloadOf(roundTemplates.ClosedMiningRound, payload),
      );
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
