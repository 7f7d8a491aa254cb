import type { AdminRecord, JournalRecord, TopologyRecord } from '@pocketnet/ledger';

/**
 * A participant change (parties, users, rights, identity providers, vetting) a replica planned
 * against its own copy of the participant state, for the writer to commit. The plans are
 * closures and cannot travel; what they built can, together with what it was built on:
 * `basedOn` counts the participant changes the replica's state held. The writer commits the
 * record only if its own count is the same (nothing changed under the plan), so that every
 * check the plan made holds as if it had run in the writer's critical section.
 */
export type PlannedChange = PlannedOf<'admin', AdminRecord> | PlannedOf<'topology', TopologyRecord>;

type PlannedOf<TFamily extends string, TRecord> = {
  readonly family: TFamily;
  /**
   * The change id, the same for every attempt of one call: a plan the writer has committed
   * already (its job ran twice, or its answer was lost) is answered, not committed again.
   */
  readonly planId: string;
  readonly basedOn: number;
  /** The plan's record; the writer sets its record time (and a topology's offset and id). */
  readonly record: TRecord;
};

/**
 * What the writer made of a planned change: committed (by this command or an earlier attempt
 * of the same plan), or a conflict (the participant changed since `basedOn`). `changes` is the
 * writer's count of participant changes that covers the answer: the replica waits for its own
 * state to reach it before it answers or plans again.
 */
export type PlanVerdict =
  | {
      readonly status: 'committed';
      readonly record: AdminRecord | TopologyRecord;
      readonly changes: number;
    }
  | { readonly status: 'conflict'; readonly changes: number };

/** Journaled with a committed plan's record: its change id (see PlannedChange). */
export type PlanTagged = { readonly planId?: string };

export function isParticipantChange(record: JournalRecord): record is AdminRecord | TopologyRecord {
  return record.type === 'admin' || record.type === 'topology';
}

export function planIdOf(record: JournalRecord): string | undefined {
  const { planId } = record as PlanTagged;
  return typeof planId === 'string' ? planId : undefined;
}
