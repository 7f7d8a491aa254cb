import type { LfValue } from '@pocketnet/daml-lf';
import type { AnswerContext, Answers } from './answers.ts';
import {
  field,
  fieldsOf,
  listValue,
  optionalOf,
  partyValue,
  record,
  text,
  unitValue,
} from './script-values.ts';

/** Parties and the static time of the ledger the script runs on. */
export function partyAndTimeAnswers({ types, ledger }: AnswerContext): Answers {
  return {
    async AllocateParty(payload) {
      // As Daml's runner: the id hint names the party; without one the ledger picks its id (the
      // requested display name is not part of a party in Daml 3).
      const [, idHint, participant] = fieldsOf(payload, 'AllocateParty') as LfValue[];
      const named = optionalOf(participant as LfValue);
      if (named !== null) {
        throw new Error(
          `allocating a party on participant ${text(named, 'participant')}: this runner knows one participant, the node's`,
        );
      }
      return partyValue(await ledger.allocateParty(text(idHint as LfValue, 'idHint')));
    },
    async ListKnownParties() {
      const known = await ledger.listKnownParties();
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
    // As Daml's runner does, in static time too: a real wait, leaving the ledger's time alone.
    async Sleep(payload) {
      const micros = field(field(payload, 0, 'Sleep'), 0, 'RelTime') as bigint;
      await new Promise((done) => setTimeout(done, Number(micros / 1000n)));
      return unitValue;
    },
  };
}
