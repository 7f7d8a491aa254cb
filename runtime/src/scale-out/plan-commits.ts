import type { AdminRecord, LedgerEngine, TopologyRecord } from '@pocketnet/ledger';
import type { JournalTracking } from './journal-tracking.ts';
import type { PlannedChange, PlanTagged, PlanVerdict } from './planned-change.ts';

export type PlanCommitsDeps = {
  readonly engine: Pick<LedgerEngine, 'commitAdmin' | 'commitTopology'>;
  readonly tracking: Pick<JournalTracking, 'participantChanges' | 'committedPlan'>;
};

/**
 * The writer's side of planned changes (planned-change.ts): inside the engine's critical
 * section, a plan committed already is answered as it was, a plan built on an older
 * participant state is a conflict, and anything else is committed as the replica built it,
 * with the writer's record time (and a topology record's offset and update id).
 */
export function createPlanCommits(deps: PlanCommitsDeps) {
  const { tracking } = deps;
  return async function commitPlanned(planned: PlannedChange): Promise<PlanVerdict> {
    // Set in the critical section when the plan is answered without a commit.
    const answered: { verdict: PlanVerdict | null } = { verdict: null };
    const admissible = () => {
      const earlier = tracking.committedPlan(planned.planId);
      const changes = tracking.participantChanges();
      if (earlier) answered.verdict = { status: 'committed', ...earlier };
      else if (changes !== planned.basedOn) answered.verdict = { status: 'conflict', changes };
      return answered.verdict === null;
    };
    const unsettled = new Error('settled before commit');
    const tag: PlanTagged = { planId: planned.planId };
    try {
      const record: AdminRecord | TopologyRecord =
        planned.family === 'admin'
          ? await deps.engine.commitAdmin((_state, recordTime) => {
              if (!admissible()) throw unsettled;
              return { ...planned.record, ...tag, recordTime };
            })
          : await deps.engine.commitTopology((_state, offset, updateId, recordTime) => {
              if (!admissible()) throw unsettled;
              return { ...planned.record, ...tag, offset, updateId, recordTime };
            });
      const changes = tracking.committedPlan(planned.planId)?.changes ?? planned.basedOn + 1;
      return { status: 'committed', record, changes };
    } catch (error) {
      if (error === unsettled && answered.verdict !== null) return answered.verdict;
      throw error;
    }
  };
}

export type PlanCommits = ReturnType<typeof createPlanCommits>;
