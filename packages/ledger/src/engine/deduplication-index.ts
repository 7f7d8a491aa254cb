import type { DeduplicationPeriod } from '../commands.ts';
import type { SubmissionInfo, TransactionRecord } from '../transaction.ts';
import { createUndoLog, type UndoLog } from '../undo/undo-log.ts';
import { undoableMap } from '../undo/undoable-collections.ts';
import { type Acceptance, type ChangeId, deduplicationPeriodTooEarly } from './deduplication.ts';
import { parseRecordTimeMicros } from './timestamps.ts';

/**
 * What the index keeps of an accepted change: the committed transaction itself (a node's
 * update log holds it anyway), so remembering a change costs no object of its own.
 */
export type AcceptedTransaction = Pick<TransactionRecord, 'offset' | 'updateId' | 'recordTime'> & {
  readonly submission: SubmissionInfo;
};

/** A transaction submitted through the Ledger API, which deduplication remembers. */
export function isSubmitted(
  record: TransactionRecord,
): record is TransactionRecord & AcceptedTransaction {
  return record.submission !== null;
}

/** The transactions of one command id: nearly always one, newest first when more. */
type Slot = AcceptedTransaction | readonly AcceptedTransaction[];

type InFlight = { readonly change: ChangeId; readonly submissionId: string };

/** actAs is a set: order and repetition do not make another change. */
function sameParties(left: readonly string[], right: readonly string[]): boolean {
  return (
    left.every((party) => right.includes(party)) && right.every((party) => left.includes(party))
  );
}

export function isSameChange(left: ChangeId, right: ChangeId): boolean {
  return (
    left === right ||
    (left.commandId === right.commandId &&
      left.userId === right.userId &&
      sameParties(left.actAs, right.actAs))
  );
}

function isList(slot: Slot): slot is readonly AcceptedTransaction[] {
  return Array.isArray(slot);
}

function newestOf(slot: Slot): AcceptedTransaction {
  const newest = isList(slot) ? slot[0] : slot;
  if (newest === undefined) throw new Error('an empty deduplication slot');
  return newest;
}

function findChange(slot: Slot | undefined, change: ChangeId): AcceptedTransaction | null {
  if (slot === undefined) return null;
  if (!isList(slot)) return isSameChange(slot.submission, change) ? slot : null;
  return slot.find((transaction) => isSameChange(transaction.submission, change)) ?? null;
}

function acceptanceOf(transaction: AcceptedTransaction): Acceptance {
  return {
    offset: transaction.offset,
    recordTimeMicros: parseRecordTimeMicros(transaction.recordTime),
    updateId: transaction.updateId,
    submissionId: transaction.submission.submissionId,
  };
}

function isWithin(
  previous: Acceptance,
  period: DeduplicationPeriod,
  context: {
    readonly nowMicros: bigint;
    readonly maxMicros: bigint;
  },
): boolean {
  switch (period.kind) {
    case 'offset':
      return previous.offset > period.offset;
    case 'duration':
      return context.nowMicros - previous.recordTimeMicros < period.micros;
    case 'empty':
      return context.nowMicros - previous.recordTimeMicros < context.maxMicros;
  }
}

/** Submissions accepted but not durable yet, by change: a resubmission meanwhile is refused. */
function createInFlightChanges() {
  const inFlight = new Map<string, InFlight[]>();
  return {
    submissionOf(change: ChangeId): string | null {
      const flights = inFlight.get(change.commandId) ?? [];
      return flights.find((flight) => isSameChange(flight.change, change))?.submissionId ?? null;
    },
    start(change: ChangeId, submissionId: string): void {
      const flights = inFlight.get(change.commandId);
      if (flights === undefined) inFlight.set(change.commandId, [{ change, submissionId }]);
      else flights.push({ change, submissionId });
    },
    end(change: ChangeId): void {
      const flights = inFlight.get(change.commandId) ?? [];
      const rest = flights.filter((flight) => !isSameChange(flight.change, change));
      if (rest.length === 0) inFlight.delete(change.commandId);
      else inFlight.set(change.commandId, rest);
    },
  };
}

/**
 * The accepted changes, keyed by command id (a string the record holds anyway) and in order
 * of each command id's newest acceptance, which is record-time order. Acceptances older than
 * the maximum deduplication duration can never be duplicates again: they are dropped as new
 * ones arrive, oldest first, and the offsets they held are remembered as forgotten.
 */
function createAcceptedChanges(maxMicros: bigint, undo: UndoLog) {
  // Pruning reads the map oldest first: a change a revert brings back goes to its place.
  const accepted = undoableMap<string, Slot>(undo, {
    order: ([, left], [, right]) => newestOf(left).offset - newestOf(right).offset,
  });
  const horizon = { forgottenThroughOffset: 0, nextExpiryMicros: null as bigint | null };

  function prune(nowMicros: bigint): void {
    // Until the oldest remembered acceptance expires, no acceptance is looked at.
    if (horizon.nextExpiryMicros !== null && nowMicros < horizon.nextExpiryMicros) return;
    for (const [commandId, slot] of accepted) {
      const newest = newestOf(slot);
      const expiry = parseRecordTimeMicros(newest.recordTime) + maxMicros;
      undo.assign(horizon, 'nextExpiryMicros', expiry);
      if (nowMicros < expiry) return;
      accepted.delete(commandId);
      undo.assign(horizon, 'forgottenThroughOffset', newest.offset);
    }
    undo.assign(horizon, 'nextExpiryMicros', null);
  }

  return {
    /** Offsets up to here may hold dropped acceptances (0 while nothing was dropped). */
    forgottenThroughOffset: () => horizon.forgottenThroughOffset,
    find: (change: ChangeId) => findChange(accepted.get(change.commandId), change),
    accept(transaction: AcceptedTransaction, recordTimeMicros: bigint): void {
      const { commandId } = transaction.submission;
      const slot = accepted.get(commandId);
      const others = slot === undefined ? [] : isList(slot) ? slot : [slot];
      const rest = others.filter(
        (other) => !isSameChange(other.submission, transaction.submission),
      );
      // Deleted and set again, so the command id moves to the end: the map stays in time order.
      // A new command id (nearly every one) is at the end already, and one lookup fewer in a
      // map of every remembered change shows per transaction.
      if (slot !== undefined) accepted.delete(commandId);
      accepted.set(commandId, rest.length === 0 ? transaction : [transaction, ...rest]);
      prune(recordTimeMicros);
    },
    size(): number {
      let count = 0;
      for (const slot of accepted.values()) count += isList(slot) ? slot.length : 1;
      return count;
    },
  };
}

/**
 * The accepted changes and the ones still on their way to disk. Rebuilt from the journal on
 * recovery, so deduplication holds across restarts; changes are compared on the whole change
 * id. An offset period that reaches back before dropped acceptances is refused, as in Canton.
 * The accepted changes record into `undo`; the in-flight ones do not, since a revert waits
 * until nothing is in flight.
 */
export function createDeduplicationIndex(maxMicros: bigint, undo: UndoLog = createUndoLog()) {
  const accepted = createAcceptedChanges(maxMicros, undo);
  const inFlight = createInFlightChanges();
  return {
    /** The earlier acceptance this submission duplicates, if any. */
    duplicateOf(
      change: ChangeId,
      period: DeduplicationPeriod,
      nowMicros: bigint,
    ): Acceptance | null {
      const forgotten = accepted.forgottenThroughOffset();
      if (period.kind === 'offset' && period.offset < forgotten) {
        throw deduplicationPeriodTooEarly(period.offset, forgotten, change);
      }
      const previous = accepted.find(change);
      if (previous === null) return null;
      const acceptance = acceptanceOf(previous);
      return isWithin(acceptance, period, { nowMicros, maxMicros }) ? acceptance : null;
    },
    /** The submission id of an accepted but not yet durable submission of the same change. */
    inFlightSubmission: inFlight.submissionOf,
    /** Remembers a committed transaction's change; `recordTimeMicros` is its recordTime. */
    accept: accepted.accept,
    startFlight: inFlight.start,
    endFlight: inFlight.end,
    /** How many changes are remembered as accepted. */
    get size(): number {
      return accepted.size();
    },
    forgottenThroughOffset: accepted.forgottenThroughOffset,
  };
}

export type DeduplicationIndex = ReturnType<typeof createDeduplicationIndex>;
