import type { LfValue } from '@pocketnet/daml-lf';
import type { ScriptLedger } from './script-ledger.ts';
import { optionalOf, text } from './script-values.ts';

/**
 * The participants a script talks to, as Daml's runner keeps them (its participant config): a
 * default one, others by name, and the participant each party was allocated on. A submission
 * or query goes to the participant of its parties.
 */
export type ScriptParticipants = {
  /** The named participant's ledger; the default one for null. */
  ledgerOf(participant: string | null): ScriptLedger;
  /** The ledger of the participant hosting these parties (all on one, as Daml requires). */
  forParties(parties: readonly string[]): ScriptLedger;
  /** Remembers that a party was allocated on a participant (null: the default one). */
  allocated(party: string, participant: string | null): void;
};

export function createScriptParticipants(
  defaultLedger: ScriptLedger,
  named: ReadonlyMap<string, ScriptLedger> = new Map(),
): ScriptParticipants {
  const partyParticipant = new Map<string, string>();
  const defaultName = 'the default participant';
  const ledgerOf = (participant: string | null): ScriptLedger => {
    if (participant === null) return defaultLedger;
    const ledger = named.get(participant);
    if (ledger === undefined) {
      const known = [...named.keys()].join(', ') || 'none';
      throw new Error(`Unknown participant ${participant} (participants known: ${known})`);
    }
    return ledger;
  };
  return {
    ledgerOf,
    forParties(parties) {
      // By ledger, so the default participant named or not is one participant.
      const on = new Map<ScriptLedger, string>();
      for (const party of parties) {
        const participant = partyParticipant.get(party) ?? null;
        on.set(ledgerOf(participant), participant ?? defaultName);
      }
      if (on.size > 1) {
        throw new Error(
          `All parties must be on the same participant but parties were allocated on ${[...on.values()].join(', ')}`,
        );
      }
      const [ledger = defaultLedger] = on.keys();
      return ledger;
    },
    allocated(party, participant) {
      if (participant !== null) partyParticipant.set(party, participant);
    },
  };
}

/** A question's `participant : Optional Text` field (absent in older library versions). */
export function participantField(field: LfValue | undefined): string | null {
  if (field === undefined) return null;
  const named = optionalOf(field);
  if (named === null) return null;
  // Later library versions wrap the name in a `ParticipantName` record.
  const name = typeof named === 'object' && named.tag === 'Record' ? named.fields[0] : named;
  return text(name as LfValue, 'participant');
}
