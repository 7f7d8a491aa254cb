import {
  applyParticipantRecord,
  createParticipantState,
  type JournalRecord,
  type ParticipantState,
  participantStateSection,
  type UndoLog,
} from '@pocketnet/ledger';

/** Parties, users and identity providers as reads and rights checks see them. */
export function createParticipantProjection(
  participantId: string,
  isFirst: boolean,
  undo: UndoLog,
) {
  const state: ParticipantState = createParticipantState(participantId, isFirst, undo);
  // Each participant's own, as the engine's copy of it is `ledger.participant.<id>`.
  undo.section(`projections.participant.${participantId}`, participantStateSection(state));
  return {
    state,
    apply(record: JournalRecord) {
      if (record.type === 'topology' || record.type === 'admin')
        applyParticipantRecord(state, record);
    },
  };
}
