import {
  applyParticipantRecord,
  createParticipantState,
  type JournalRecord,
  type ParticipantState,
} from '@pocketnet/ledger';

/** Parties, users and identity providers as reads and rights checks see them. */
export function createParticipantProjection(participantId: string, isFirst = true) {
  const state: ParticipantState = createParticipantState(participantId, isFirst);
  return {
    state,
    apply(record: JournalRecord) {
      if (record.type === 'topology' || record.type === 'admin')
        applyParticipantRecord(state, record);
    },
  };
}
