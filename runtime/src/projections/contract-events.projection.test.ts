import { createUndoLog } from '@pocketnet/ledger';
import { NEVER } from 'rxjs';
import { describe, expect, test } from 'vitest';
import { createdIdsOf, startLedger } from '../../testing/ledger.test-helper.ts';
import { createContractEventsIndex } from './contract-events.projection.ts';
import { createUpdateLog } from './update-log.projection.ts';

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
});
