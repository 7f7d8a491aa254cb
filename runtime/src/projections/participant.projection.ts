import {
  applyParticipantRecord,
  createParticipantState,
  type JournalRecord,
  type ParticipantState,
  type UndoLog,
} from '@pocketnet/ledger';

/** Parties, users and identity providers as reads and rights checks see them. */
export function createParticipantProjection(
  participantId: string,
  isFirst: boolean,
  undo: UndoLog,
) {
  const state: ParticipantState = createParticipantState(participantId, isFirst, undo);
  return {
    state,
    apply(record: JournalRecord) {
      if (record.type === 'topology' || record.type === 'admin')
        applyParticipantRecord(state, record);
    },
  };
}
