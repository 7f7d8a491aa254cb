import {
  appendOnlyArray,
  type CreatedNode,
  type JournalHistory,
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
import { createdNodeAt, type NodeLocation } from '../journal-locations.ts';
import type { RecordPlace } from './network-contracts.projection.ts';
import { createReferenceCache, type ReferenceOf } from './network-references.ts';
import { type SavedRounds, saveActivity, savedActivityOf } from './round-activity.section.ts';

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

/**
 * Where a round's open and closed round contracts were created: what its section keeps. A
 * restored round reads their payloads from the state's history (`unread`) on first use.
 */
type RoundLocations = {
  open: NodeLocation | null;
  closed: NodeLocation | null;
  unread: JournalHistory | null;
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
  // Beside the rounds rather than in them: RoundHistory is what readers see.
  const locations = new WeakMap<RoundHistory, RoundLocations>();
  const state: { earliest: bigint | null } = { earliest: null };
  const roundOf = (number: bigint): RoundHistory => {
    let round = rounds.get(number);
    if (round === undefined) {
      round = { number, openRound: null, closedRound: null, records: appendOnlyArray(undo) };
      locations.set(round, { open: null, closed: null, unread: null });
      rounds.set(number, round);
    }
    return round;
  };
  const locationsOf = (round: RoundHistory): RoundLocations => {
    const found = locations.get(round);
    if (found === undefined) throw new Error(`round ${round.number} has no locations`);
    return found;
  };
  /**
   * A restored round with its payloads read back. Not undoable, nor needing to be: it changes
   * what the round holds in memory, not what it is.
   */
  const readBack = (round: RoundHistory): RoundHistory => {
    const located = locationsOf(round);
    const { unread, open, closed } = located;
    if (unread === null) return round;
    located.unread = null;
    const payloadAt = (location: NodeLocation) => createdNodeAt(unread, location).createArgument;
    if (open !== null) round.openRound = payloadOf(roundTemplates.OpenMiningRound, payloadAt(open));
    if (closed !== null) {
      round.closedRound = payloadOf(roundTemplates.ClosedMiningRound, payloadAt(closed));
    }
    return round;
  };
  const opened = (number: bigint, node: CreatedNode, location: NodeLocation) => {
    // Read back first, so that what a rollback puts back is the payload, not a placeholder.
    const round = readBack(roundOf(number));
    undo.assign(round, 'openRound', payloadOf(roundTemplates.OpenMiningRound, node.createArgument));
    undo.assign(locationsOf(round), 'open', location);
    if (state.earliest === null || number < state.earliest) undo.assign(state, 'earliest', number);
  };
  const closed = (number: bigint, node: CreatedNode, location: NodeLocation) => {
    const round = readBack(roundOf(number));
    const payload = payloadOf(roundTemplates.ClosedMiningRound, node.createArgument);
    undo.assign(round, 'closedRound', payload);
    undo.assign(locationsOf(round), 'closed', location);
  };
  const onCreated = (reference: string, node: CreatedNode, place: RecordPlace) => {
    const payload = node.createArgument;
    if (reference === ids.openMiningRound) {
      opened(roundNumberOf(payload), node, [place.journalIndex, node.nodeId]);
    } else if (reference === ids.closedMiningRound) {
      closed(roundNumberOf(payload), node, [place.journalIndex, node.nodeId]);
    } else {
      const record = activityOf(reference, payload);
      if (record !== null) roundOf(roundNumberOf(payload)).records.push(record);
    }
  };
  const onNode = (reference: string, node: TransactionNode, place: RecordPlace) => {
    if (node.kind === 'created') onCreated(reference, node, place);
  };
  return {
    /** One node of a committed transaction, its template's reference already known. */
    onNode,
    /** A whole record, at `journalIndex` of the journal (tests; the node projects by node). */
    apply(record: JournalRecord, journalIndex: number): void {
      if (record.type !== 'transaction') return;
      const place = { synchronizerId: record.synchronizerId, journalIndex };
      for (const node of record.nodes) onNode(referenceOf(node), node, place);
    },
    round(number: bigint): RoundHistory | undefined {
      const round = rounds.get(number);
      return round === undefined ? undefined : readBack(round);
    },
    /** The first round Scan saw open: its activity, and every later round's, is complete. */
    earliestRound: (): bigint | null => state.earliest,
    /** Activity as derived fields (not the coupons' records), open and closed rounds by location. */
    save(): SavedRounds {
      return saveActivity(
        state.earliest,
        [...rounds.values()].map((round) => ({ round, ...locationsOf(round) })),
      );
    },
    restore(saved: SavedRounds, history: JournalHistory): void {
      // Two records a round (its opening and its closing): read when a reader asks for it.
      const { earliest, rounds: restored } = savedActivityOf(saved);
      state.earliest = earliest;
      for (const { number, open, closed: closedAt, records } of restored) {
        const round = roundOf(number);
        for (const record of records) round.records.push(record);
        Object.assign(locationsOf(round), { open, closed: closedAt, unread: history });
      }
    },
  };
}

export type RoundActivity = ReturnType<typeof createRoundActivity>;
