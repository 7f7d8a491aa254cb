import { createSimulatedClock } from '@pocketnet/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  rolledBackAndFresh,
  undoJournal,
  undoStartMicros,
} from '../../testing/undo-workload.test-helper.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { createActorRuntime } from './actor-runtime.ts';

describe('the workflow actors rolled back to a mark', () => {
  let journal: Awaited<ReturnType<typeof undoJournal>>;
  beforeAll(async () => {
    journal = await undoJournal(41, 30);
  }, 60_000);

  it('are, with their histories and timers, those of fresh actors fed only the records before it', () => {
    const errors: unknown[] = [];
    const { rolledBack, moved, fresh } = rolledBackAndFresh(
      journal,
      (records$, undo) =>
        createActorRuntime({
          records$,
          // Fixed: timers fire by the records' times, never ahead of them.
          clock: createSimulatedClock(undoStartMicros),
          participant: journal.participant,
          onError: (error) => errors.push(error),
          undo,
        }),
      (actors) => ({
        actors: actors
          .list(unrestrictedCaller)
          .map((actor) => actors.get(unrestrictedCaller, actor.id)),
        live: actors.liveCount(),
        due: actors.dueTask.nextDueMicros(),
      }),
    );
    expect(errors).toEqual([]);
    expect(moved).not.toEqual(fresh);
    expect(rolledBack).toEqual(fresh);
  });
});
