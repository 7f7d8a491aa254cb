import { randomUUID } from 'node:crypto';
import {
  type AdminRecord,
  createUpdateId,
  createUpdateSeed,
  DomainError,
  formatMicros,
  type LedgerEngine,
  type ParticipantState,
  type TopologyRecord,
} from '@pocketnet/ledger';
import type { PlannedChange, PlanVerdict } from './planned-change.ts';

export type ReplicaPlansDeps = {
  /** This replica's copy of the participant state, fed from the journal. */
  readonly participant: ParticipantState;
  /** How many participant changes that state holds. */
  readonly changes: () => number;
  /** Resolves once the state holds `count` participant changes (or gives up, UNAVAILABLE). */
  readonly changesReached: (count: number) => Promise<void>;
  /** Resolves once this replica holds the journal as far as it was durable when called. */
  readonly catchUp: () => Promise<void>;
  /** Sends a planned change to the writer: its verdict, or the writer's error. */
  readonly send: (planned: PlannedChange) => Promise<PlanVerdict>;
  readonly nowMicros: () => bigint;
  readonly ledgerEnd: () => number;
  /** Conflicts at most before the call gives up (default 8). */
  readonly maxAttempts?: number;
};

type PlanningEngine = Pick<LedgerEngine, 'commitAdmin' | 'commitTopology'>;

/**
 * A replica's plan-based writes (users, rights, parties, identity providers, vetting): each plan
 * runs here, on this replica's participant state, and its record goes to the writer with the
 * state it was built on (planned-change.ts). The writer commits it only on that same state;
 * when the participant changed in between, this replica catches up and plans again. Every
 * attempt of a call carries one change id, so a plan commits once even if its command runs
 * twice; the call answers once this replica's state holds the change (read your writes).
 */
export function createReplicaPlans(deps: ReplicaPlansDeps): PlanningEngine {
  const { participant } = deps;
  const maxAttempts = deps.maxAttempts ?? 8;
  // Provisional too: the writer gives every record its own record time.
  const recordTime = () => formatMicros(deps.nowMicros());

  async function commit<TRecord>(
    family: PlannedChange['family'],
    build: (planId: string) => TRecord,
  ): Promise<TRecord> {
    const planId = randomUUID();
    // Planned on a state holding every change acknowledged before this call, on any replica.
    await deps.catchUp();
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const basedOn = deps.changes();
      const record = build(planId);
      const planned = { family, planId, basedOn, record } as PlannedChange;
      const verdict = await deps.send(planned);
      await deps.changesReached(verdict.changes);
      if (verdict.status === 'committed') return verdict.record as TRecord;
    }
    throw new DomainError(
      'UNAVAILABLE',
      `The participant's parties and users changed under this request ${maxAttempts} times; retry it`,
    );
  }

  return {
    commitAdmin: <TRecord extends AdminRecord>(
      plan: (state: ParticipantState, recordTime: string) => TRecord,
    ) => commit('admin', () => plan(participant, recordTime())),
    commitTopology: <TRecord extends TopologyRecord>(
      plan: (state: ParticipantState, offset: number, updateId: string, time: string) => TRecord,
    ) =>
      commit('topology', (planId) => {
        // Provisional: the writer gives the record its offset and update id. The update id is
        // still unique to this plan, for plans that derive names from it (a party without hint).
        const offset = deps.ledgerEnd() + 1;
        const discriminator = `replica-plan/${planId}`;
        const seed = createUpdateSeed({
          participantId: participant.participantId,
          offset,
          discriminator,
        });
        const updateId = createUpdateId(seed);
        const record = plan(participant, offset, updateId, recordTime());
        if (record.offset !== offset || record.updateId !== updateId) {
          throw new Error('a topology plan must use the offset and update id it was given');
        }
        return record;
      }),
  };
}
