import { createPartyListPool, type PartyListPool } from '../interpreter/parties.ts';
import { participantStateSection } from '../participant/participant-section.ts';
import {
  applyParticipantRecord,
  createParticipantState,
  type ParticipantState,
} from '../participant/participant-state.ts';
import {
  createSynchronizerState,
  type SynchronizerState,
} from '../reassignment/synchronizer-state.ts';
import { hasOffset, type JournalRecord } from '../transaction.ts';
import { createUndoLog, type UndoLog } from '../undo/undo-log.ts';
import {
  applyTransaction,
  createContractStore,
  type MutableContractStore,
  type SavedContracts,
} from './contract-store.ts';
import {
  createDeduplicationIndex,
  type DeduplicationIndex,
  isSubmitted,
  type SavedDeduplication,
} from './deduplication-index.ts';
import {
  createJournalPositions,
  type JournalPositions,
  type SavedJournalPositions,
} from './journal-positions.ts';
import { laterOf, parseRecordTimeMicros } from './timestamps.ts';

/** Everything the writer knows, all of it a function of the journal's records. */
export type EngineState = {
  readonly contracts: MutableContractStore;
  /** The participant the engine was made for: the synchronizer's first. */
  readonly participant: ParticipantState;
  /** Every participant on the synchronizer, by id, the first among them. */
  readonly participants: Map<string, ParticipantState>;
  readonly deduplication: DeduplicationIndex;
  /** Equal party lists of new transactions share one array (a pure memory saving). */
  readonly partyLists: PartyListPool;
  /** The last offset handed out, durable or not yet. */
  lastOffset: number;
  /**
   * The latest record time: the next record's is strictly later (commit-times.ts), even when a
   * wall clock is behind across a restart. Journals written before record times were strictly
   * increasing may repeat one, so a replay keeps the later of the two.
   */
  lastRecordMicros: bigint;
  /** Where contracts are and which synchronizers host each party (reassignment/). */
  readonly synchronizers: SynchronizerState;
  /** Where each record applied is in the journal: what state sections point into. */
  readonly positions: JournalPositions;
  /** Where every change above records how to take it back while a snapshot is kept (issue 23). */
  readonly undo: UndoLog;
};

/** The engine's counters in a state file (issue 23); record times in microseconds, as text. */
type SavedEngineCounters = {
  readonly lastOffset: number;
  readonly lastRecordMicros: string;
  readonly journal: SavedJournalPositions;
};

export function createEngineState(
  participantId: string,
  maxDeduplicationMicros: bigint,
  defaultSynchronizerId = '',
  undo: UndoLog = createUndoLog(),
): EngineState {
  const participant = createParticipantState(participantId, true, undo);
  const journal = createJournalPositions(undo);
  const state: EngineState = {
    contracts: createContractStore(undo),
    participant,
    // Participants join before recovery only, so this map never changes after a mark.
    participants: new Map([[participantId, participant]]),
    deduplication: createDeduplicationIndex(maxDeduplicationMicros, undo),
    partyLists: createPartyListPool(),
    lastOffset: 0,
    lastRecordMicros: 0n,
    synchronizers: createSynchronizerState(defaultSynchronizerId, undo),
    positions: journal.positions,
    undo,
  };
  undo.section<SavedEngineCounters>('ledger.engine', {
    save: () => ({
      lastOffset: state.lastOffset,
      lastRecordMicros: `${state.lastRecordMicros}`,
      journal: journal.save(),
    }),
    restore(saved) {
      state.lastOffset = saved.lastOffset;
      state.lastRecordMicros = BigInt(saved.lastRecordMicros);
      journal.restore(saved.journal);
    },
  });
  registerHolderSections(state);
  return state;
}

/** The sections of the holders the engine's state is made of, each under its own name. */
function registerHolderSections(state: EngineState): void {
  const { undo, positions, contracts, deduplication, synchronizers } = state;
  const { indexOfOffset, offsetAt } = positions;
  undo.section<SavedContracts>('ledger.contracts', {
    save: () => contracts.save(indexOfOffset),
    restore: (saved, history) => contracts.restore(saved, history, offsetAt),
  });
  undo.section<SavedDeduplication>('ledger.deduplication', {
    save: () => deduplication.save(indexOfOffset),
    restore: (saved, history) => deduplication.restore(saved, history, offsetAt),
  });
  undo.section('ledger.synchronizers', {
    save: () => synchronizers.save(indexOfOffset),
    restore: synchronizers.restore,
  });
  registerParticipantSection(state, state.participant);
}

/** A participant's state, named by its id: a synchronizer has several (LocalNet's three). */
export function registerParticipantSection(state: EngineState, participant: ParticipantState) {
  state.undo.section(
    `ledger.participant.${participant.participantId}`,
    participantStateSection(participant),
  );
}

/**
 * The one reducer from records to state, used by the live commit and by recovery alike, so a
 * restart rebuilds exactly what the live engine had. The live commit passes the record time it
 * rendered into the record (parsing it back cost a microsecond per transaction); a replay
 * parses it.
 */
export function applyRecord(
  state: EngineState,
  record: JournalRecord,
  renderedMicros?: bigint,
): void {
  if (hasOffset(record) && record.offset !== state.lastOffset + 1) {
    throw new Error(`journal record at offset ${record.offset} follows offset ${state.lastOffset}`);
  }
  const recordMicros = renderedMicros ?? parseRecordTimeMicros(record.recordTime);
  switch (record.type) {
    case 'transaction':
      applyTransaction(state.contracts, record);
      if (isSubmitted(record)) state.deduplication.accept(record, recordMicros);
      break;
    case 'rejection':
    case 'reassignment':
      break;
    case 'topology':
    case 'admin':
      // Every participant learns of a topology change; an admin record is one participant's.
      for (const participant of state.participants.values())
        applyParticipantRecord(participant, record);
      break;
  }
  state.synchronizers.apply(record);
  state.positions.applied(record);
  if (hasOffset(record)) state.undo.assign(state, 'lastOffset', record.offset);
  state.undo.assign(state, 'lastRecordMicros', laterOf(recordMicros, state.lastRecordMicros));
}

/**
 * The engine's state as one participant's submissions see it: that participant's parties,
 * users and vetting, and the shared contracts and counters (read through, so always current).
 */
export function stateOfParticipant(state: EngineState, participant: ParticipantState): EngineState {
  if (participant === state.participant) return state;
  return Object.create(state, { participant: { value: participant } }) as EngineState;
}
