import type { AdminRecord, Journal, JournalRecord, TopologyRecord } from '@pocketnet/ledger';
import { isParticipantChange, planIdOf } from './planned-change.ts';

export type CommittedPlan = {
  readonly record: AdminRecord | TopologyRecord;
  /** The participant changes up to and including this one. */
  readonly changes: number;
};

/** Committed plans remembered by change id: a duplicate arrives within a command's timeout. */
const rememberedPlans = 10_000;

/**
 * What the writer knows of its journal beyond what is durable, counted where the engine hands
 * records to the journal (in its critical section, synchronously): how many records it has
 * applied (in flight included), how many of them changed the participant, and which forwarded
 * plans they committed. Replayed records count too, so a restarted writer knows the same.
 */
export function createJournalTracking() {
  let applied = 0;
  let participantChanges = 0;
  const plans = new Map<string, CommittedPlan>();
  const note = (record: JournalRecord) => {
    applied += 1;
    if (!isParticipantChange(record)) return;
    participantChanges += 1;
    const planId = planIdOf(record);
    if (planId === undefined) return;
    plans.set(planId, { record, changes: participantChanges });
    if (plans.size > rememberedPlans) {
      const [oldest] = plans.keys();
      if (oldest !== undefined) plans.delete(oldest);
    }
  };
  return {
    /** The journal as the engine should see it: every record passes here first. */
    track<TJournal extends Journal>(journal: TJournal): TJournal {
      return {
        ...journal,
        append(record: JournalRecord) {
          note(record);
          return journal.append(record);
        },
        replay: () =>
          (async function* () {
            for await (const record of journal.replay()) {
              note(record);
              yield record;
            }
          })(),
      };
    },
    /** The position of the last record the engine applied (durable or not yet). */
    applied: () => applied,
    participantChanges: () => participantChanges,
    committedPlan: (planId: string) => plans.get(planId),
  };
}

export type JournalTracking = ReturnType<typeof createJournalTracking>;
