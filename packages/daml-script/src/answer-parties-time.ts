import type { LfValue } from '@pocketnet/daml-lf';
import type { AnswerContext, Answers } from './answers.ts';
import { participantField } from './script-participants.ts';
import {
  field,
  fieldsOf,
  listValue,
  partyValue,
  record,
  text,
  unitValue,
} from './script-values.ts';

/** Parties (on the default participant or a named one) and the ledger's time. */
export function partyAndTimeAnswers({ types, ledger, participants }: AnswerContext): Answers {
  return {
    async AllocateParty(payload) {
      // As Daml's runner: the id hint names the party; without one the ledger picks its id (the
      // requested display name is not part of a party in Daml 3).
      const [, idHint, participant] = fieldsOf(payload, 'AllocateParty') as LfValue[];
      const on = participantField(participant);
      const party = await participants
        .ledgerOf(on)
        .allocateParty(text(idHint as LfValue, 'idHint'));
      participants.allocated(party, on);
      return partyValue(party);
    },
    async ListKnownParties(payload) {
      const on = participantField(fieldsOf(payload, 'ListKnownParties')[0]);
      const known = await participants.ledgerOf(on).listKnownParties();
      return listValue(
        known.map((entry) => record(types.partyDetails, [partyValue(entry.party), entry.isLocal])),
      );
    },
    async GetTime() {
      return { tag: 'Timestamp', micros: await ledger.getTime() };
    },
    async SetTime(payload) {
      const time = field(payload, 0, 'SetTime') as { micros: bigint };
      await ledger.setTime(time.micros);
      return unitValue;
    },
    // Static time: the ledger's clock moves on by the duration; wall-clock time: a real wait.
    async Sleep(payload) {
      const micros = field(field(payload, 0, 'Sleep'), 0, 'RelTime') as bigint;
      await ledger.sleep(micros);
      return unitValue;
    },
  };
}
