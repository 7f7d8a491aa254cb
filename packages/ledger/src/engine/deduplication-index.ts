import type { DeduplicationPeriod } from '../commands.ts';
import type { SubmissionInfo, TransactionRecord } from '../transaction.ts';
import type { JournalHistory } from '../undo/state-sections.ts';
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
 * A state file's accepted changes (issue 23): the command ids in the map's order and, for each,
 * the journal index of its newest acceptance as the step from the one before; the rare command
 * id accepted for several changes lists the others' indices. 100k acceptances save no record.
 */
export type SavedDeduplication = {
  readonly forgottenThroughOffset: number;
  readonly nextExpiryMicros: string | null;
  readonly commandIds: readonly string[];
  readonly newestSteps: readonly number[];
  /** Position in `commandIds`, and the journal indices of its older acceptances, newest first. */
  readonly older: readonly (readonly [number, readonly number[]])[];
};

/** An acceptance, or its record's journal index while a restored index has not read it. */
type Remembered = AcceptedTransaction | number;
type StoredSlot = Remembered | readonly Remembered[];

/**
 * The accepted changes, keyed by command id (a string the record holds anyway) and in order
 * of each command id's newest acceptance, which is record-time order. Acceptances older than
 * the maximum deduplication duration can never be duplicates again: they are dropped as new
 * ones arrive, oldest first, and the offsets they held are remembered as forgotten.
 */
function createAcceptedChanges(maxMicros: bigint, undo: UndoLog) {
  let history: JournalHistory | null = null;
  let offsetAt: (journalIndex: number) => number = () => {
    throw new Error('a deduplication index holds an index but no history');
  };
  /** The offset of a slot's newest acceptance, without reading a record not read yet. */
  const newestOffset = (slot: StoredSlot) => {
    const newest = (isStoredList(slot) ? slot[0] : slot) as Remembered;
    return typeof newest === 'number' ? offsetAt(newest) : newest.offset;
  };
  const read = (remembered: Remembered): AcceptedTransaction => {
    if (typeof remembered !== 'number') return remembered;
    if (history === null) throw new Error('a deduplication index holds an index but no history');
    return history.at(remembered) as TransactionRecord & AcceptedTransaction;
  };
  const readSlot = (slot: StoredSlot): Slot => (isStoredList(slot) ? slot.map(read) : read(slot));
  // Pruning reads the map oldest first: a change a revert brings back goes to its place.
  const accepted = undoableMap<string, StoredSlot>(undo, {
    order: ([, left], [, right]) => newestOffset(left) - newestOffset(right),
  });
  const horizon = { forgottenThroughOffset: 0, nextExpiryMicros: null as bigint | null };
  /** A restored state's acceptances, put into the map when first needed (100k: tens of ms). */
  let unfilled: SavedDeduplication | null = null;
  const filled = (): Map<string, StoredSlot> => {
    if (unfilled === null) return accepted;
    const { commandIds, newestSteps, older } = unfilled;
    unfilled = null;
    // Not recorded: they were accepted before any mark was taken, only not in the map yet.
    const set = (commandId: string, slot: StoredSlot) =>
      Map.prototype.set.call(accepted, commandId, slot);
    let index = 0;
    for (let position = 0; position < commandIds.length; position += 1) {
      index += newestSteps[position] ?? 0;
      set(commandIds[position] as string, index);
    }
    for (const [position, rest] of older) {
      const commandId = commandIds[position] as string;
      set(commandId, [accepted.get(commandId) as number, ...rest]);
    }
    return accepted;
  };
  /** A command id's acceptances, read once from the history: the map keeps them from then on. */
  const slotOf = (commandId: string): Slot | undefined => {
    const stored = filled().get(commandId);
    if (stored === undefined || isRead(stored)) return stored as Slot | undefined;
    const slot = readSlot(stored);
    // The same acceptances, read: nothing to take back, so the map's own (recording) set is not used.
    Map.prototype.set.call(accepted, commandId, slot);
    return slot;
  };

  function prune(nowMicros: bigint): void {
    // Until the oldest remembered acceptance expires, no acceptance is looked at.
    if (horizon.nextExpiryMicros !== null && nowMicros < horizon.nextExpiryMicros) return;
    for (const [commandId, slot] of filled()) {
      const newest = newestOf(readSlot(slot));
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
    find: (change: ChangeId) => findChange(slotOf(change.commandId), change),
    accept(transaction: AcceptedTransaction, recordTimeMicros: bigint): void {
      const { commandId } = transaction.submission;
      const slot = slotOf(commandId);
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
      for (const slot of filled().values()) count += isStoredList(slot) ? slot.length : 1;
      return count;
    },
    save(indexOfOffset: (offset: number) => number): SavedDeduplication {
      const indexOf = (remembered: Remembered) =>
        typeof remembered === 'number' ? remembered : indexOfOffset(remembered.offset);
      const commandIds: string[] = [];
      const newestSteps: number[] = [];
      const older: [number, number[]][] = [];
      let previous = 0;
      for (const [commandId, slot] of filled()) {
        const [newest, ...rest] = isStoredList(slot) ? slot : [slot];
        const index = indexOf(newest as Remembered);
        if (rest.length > 0) older.push([commandIds.length, rest.map(indexOf)]);
        commandIds.push(commandId);
        newestSteps.push(index - previous);
        previous = index;
      }
      const { forgottenThroughOffset, nextExpiryMicros } = horizon;
      const expiry = nextExpiryMicros === null ? null : `${nextExpiryMicros}`;
      return { forgottenThroughOffset, nextExpiryMicros: expiry, commandIds, newestSteps, older };
    },
    restore(
      saved: SavedDeduplication,
      from: JournalHistory,
      offsetOfIndex: (journalIndex: number) => number,
    ): void {
      history = from;
      offsetAt = offsetOfIndex;
      unfilled = saved;
      horizon.forgottenThroughOffset = saved.forgottenThroughOffset;
      horizon.nextExpiryMicros =
        saved.nextExpiryMicros === null ? null : BigInt(saved.nextExpiryMicros);
    },
  };
}

function isStoredList(slot: StoredSlot): slot is readonly Remembered[] {
  return Array.isArray(slot);
}

/** Whether a slot holds acceptances only (none a journal index still to read). */
function isRead(slot: StoredSlot): boolean {
  if (isStoredList(slot)) return slot.every((entry) => typeof entry !== 'number');
  return typeof slot !== 'number';
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
    /** The accepted changes for a state file; in-flight ones are a live run's only. */
    save: accepted.save,
    /** Fills a fresh index; acceptances are read from `history` when first needed. */
    restore: accepted.restore,
  };
}

export type DeduplicationIndex = ReturnType<typeof createDeduplicationIndex>;
