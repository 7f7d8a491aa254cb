import { describe, expect, it } from 'vitest';
import {
  alice,
  bank,
  createdIds,
  createIou,
  submission,
} from '../../testing/engine.test-helper.ts';
import {
  app1,
  globalId,
  reassignment,
  startTwoSynchronizerEngine,
  unassign,
} from '../../testing/reassignment.test-helper.ts';
import { createJournalPositions } from '../engine/journal-positions.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';
import type { JournalRecord } from '../transaction.ts';
import { historyOf } from '../undo/state-sections.ts';
import { createUndoLog } from '../undo/undo-log.ts';
import { createSynchronizerState, type SynchronizerState } from './synchronizer-state.ts';

// Issue 23: the synchronizer state restored from its section answers as the replayed one, with
// the unassignments in flight read back from the journal rather than saved.

function replayed(records: readonly JournalRecord[]) {
  const undo = createUndoLog();
  const state = createSynchronizerState(globalId, undo);
  const journal = createJournalPositions(undo);
  for (const record of records) {
    state.apply(record);
    journal.positions.applied(record);
  }
  return { state, indexOfOffset: journal.positions.indexOfOffset };
}

const answersOf = (state: SynchronizerState, contractIds: readonly string[], id: string) => ({
  locations: contractIds.map((contractId) => state.locationOf(contractId)),
  pending: state.pendingUnassignment(id),
  hosting: [bank, alice].map((party) => [...state.synchronizersOf(party)]),
  tracked: state.tracked,
});

describe('synchronizer state: its section', () => {
  it('restores locations, unassignments in flight and hosting as a replay rebuilds them', async () => {
    const records: JournalRecord[] = [];
    const { engine } = await startTwoSynchronizerEngine(createMemoryJournal({ records }), {
      host: true,
    });
    const onApp1 = await engine.submit(
      submission([createIou(bank, alice, '1.0'), createIou(bank, alice, '2.0')], {
        synchronizerId: app1,
      }),
    );
    const onGlobal = await engine.submit(submission([createIou(bank, alice, '3.0')]));
    const contractIds = [...createdIds(onApp1), ...createdIds(onGlobal)];
    const out = await engine.submitReassignment(
      reassignment(alice, [unassign(contractIds[2] ?? '', globalId, app1)]),
    );
    const live = replayed(records);
    const saved = JSON.parse(JSON.stringify(live.state.save(live.indexOfOffset)));
    expect(JSON.stringify(saved)).not.toContain('"events"');

    const restored = createSynchronizerState(globalId, createUndoLog());
    restored.restore(saved, historyOf(records));
    expect(restored.save(live.indexOfOffset)).toEqual(saved);
    const id = out.reassignmentId;
    expect(answersOf(restored, contractIds, id)).toEqual(answersOf(live.state, contractIds, id));
    expect(restored.pendingUnassignment(id)).toEqual(out);
    expect(restored.locationOf(contractIds[2] ?? '')).toMatchObject({
      synchronizerId: null,
      unassignment: out,
    });
  });
});
