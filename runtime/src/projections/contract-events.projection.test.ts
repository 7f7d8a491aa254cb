import {
  createUndoLog,
  historyOf,
  type JournalRecord,
  restoreSections,
  saveSections,
} from '@pocketnet/ledger';
import { NEVER } from 'rxjs';
import { describe, expect, test } from 'vitest';
import { createdIdsOf, startLedger } from '../../testing/ledger.test-helper.ts';
import { createActiveContracts } from './active-contracts.projection.ts';
import { createContractEventsIndex } from './contract-events.projection.ts';
import { createUpdateLog } from './update-log.projection.ts';

/** An update log, contract events and active contracts on one undo log, fed together. */
function createProjections() {
  const undo = createUndoLog();
  const updateLog = createUpdateLog(NEVER, undo);
  const events = createContractEventsIndex(updateLog, undo);
  const active = createActiveContracts({ updateLog, contractEvents: events }, undo);
  const apply = (record: JournalRecord) => {
    updateLog.apply(record);
    events.apply(record);
    active.apply(record);
  };
  return { undo, updateLog, events, active, apply };
}

describe('contract events projection', () => {
  test('finds where a contract was created and, once it is, where archived', async () => {
    const undo = createUndoLog();
    const updateLog = createUpdateLog(NEVER, undo);
    const events = createContractEventsIndex(updateLog, undo);
    const ledger = await startLedger((record) => {
      updateLog.apply(record);
      events.apply(record);
    });
    const created = await ledger.createIou(ledger.alice);
    const [iou = ''] = createdIdsOf(created);
    expect(events.get(iou)).toEqual({
      created: { record: created, node: created.nodes[0] },
      archived: null,
    });
    const transfer = await ledger.exercise(ledger.alice, { contractId: iou }, 'Iou_Transfer', {
      newOwner: ledger.bob,
    });
    const archived = events.get(iou);
    expect(archived?.created.node).toBe(created.nodes[0]);
    expect(archived?.archived?.record).toBe(transfer);
    expect(archived?.archived?.node).toMatchObject({ choice: 'Iou_Transfer', contractId: iou });
    const [offer = ''] = createdIdsOf(transfer);
    expect(events.get(offer)?.created.node).toBe(transfer.nodes[1]);
    expect(events.get('00unknown')).toBeUndefined();
  });

  test('restored from its section, answers and goes on as the projections that saw the records', async () => {
    const records: JournalRecord[] = [];
    const live = createProjections();
    let feed = (record: JournalRecord) => {
      records.push(record);
      live.apply(record);
    };
    const ledger = await startLedger((record) => feed(record));
    const ious: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      ious.push(...createdIdsOf(await ledger.createIou(index % 2 ? ledger.alice : ledger.bob)));
    }
    const [first = '', second = '', third = ''] = ious;
    await ledger.exercise(ledger.bob, { contractId: first }, 'Iou_Transfer', {
      newOwner: ledger.alice,
    });
    const restored = createProjections();
    restoreSections(restored.undo, saveSections(live.undo), historyOf(records), { partial: true });
    const answers = (projections: ReturnType<typeof createProjections>) => ({
      saved: saveSections(projections.undo),
      events: [...ious, '00unknown'].map((contractId) => projections.events.get(contractId)),
      active: projections.active.visibleTo(null),
      size: projections.active.size(),
    });
    expect(answers(restored)).toEqual(answers(live));
    // A mark after the restore, then a restored contract archived and another created: both
    // answer alike, and a rollback to the mark gives the restored state back.
    const marks = [live.undo.mark(), restored.undo.mark()] as const;
    const before = answers(restored);
    feed = (record) => {
      live.apply(record);
      restored.apply(record);
    };
    const transfer = await ledger.exercise(ledger.alice, { contractId: second }, 'Iou_Transfer', {
      newOwner: ledger.bob,
    });
    const [offer = ''] = createdIdsOf(transfer);
    await ledger.exercise(ledger.bob, { contractId: third }, 'Iou_Transfer', {
      newOwner: ledger.alice,
    });
    expect(restored.events.get(second)?.archived?.record).toBe(transfer);
    expect(restored.active.get(offer)?.offset).toBe(transfer.offset);
    expect(answers(restored)).toEqual(answers(live));
    restored.undo.rollback(marks[1]);
    live.undo.rollback(marks[0]);
    expect(answers(restored)).toEqual(before);
    expect(answers(live)).toEqual(before);
  });
});
