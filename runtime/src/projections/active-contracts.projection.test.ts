import { createUndoLog } from '@pocketnet/ledger';
import { NEVER } from 'rxjs';
import { describe, expect, test } from 'vitest';
import {
  createdIdsOf,
  iouTransferTemplate,
  startLedger,
} from '../../testing/ledger.test-helper.ts';
import { createActiveContracts, stakeholdersOf } from './active-contracts.projection.ts';
import { createContractEventsIndex } from './contract-events.projection.ts';
import { createUpdateLog } from './update-log.projection.ts';

async function setUp() {
  const undo = createUndoLog();
  const updateLog = createUpdateLog(NEVER, undo);
  const contractEvents = createContractEventsIndex(updateLog, undo);
  const active = createActiveContracts({ updateLog, contractEvents }, undo);
  const ledger = await startLedger((record) => {
    updateLog.apply(record);
    contractEvents.apply(record);
    active.apply(record);
  });
  const ids = (parties: readonly string[] | null) =>
    active.visibleTo(parties).map((entry) => entry.node.contractId);
  return { active, ledger, ids };
}

describe('active contracts projection', () => {
  test('lists what each party sees as a stakeholder, in creation order', async () => {
    const { active, ledger, ids } = await setUp();
    const { alice, bob, bank } = ledger;
    const [own = ''] = createdIdsOf(await ledger.createIou(alice));
    const [bobs = ''] = createdIdsOf(await ledger.createIou(bob));
    const [observed = ''] = createdIdsOf(await ledger.createIou(alice, [bob]));
    expect(ids([alice])).toEqual([own, observed]);
    expect(ids([bob])).toEqual([bobs, observed]);
    expect(ids([alice, bob])).toEqual([own, bobs, observed]);
    expect(ids([bank])).toEqual([own, bobs, observed]);
    expect(ids(null)).toEqual([own, bobs, observed]);
    expect(ids(['nobody::1220'])).toEqual([]);
    expect(active.size()).toBe(3);
    const entry = active.get(observed);
    expect(entry?.node.observers).toEqual([bob]);
    expect(entry && stakeholdersOf(entry.node)).toEqual([...[alice, bank].sort(), bob]);
  });

  test('an archived contract leaves every party view; what replaces it joins them', async () => {
    const { active, ledger, ids } = await setUp();
    const { alice, bob } = ledger;
    const [iou = ''] = createdIdsOf(await ledger.createIou(alice, [bob]));
    const transfer = await ledger.exercise(alice, { contractId: iou }, 'Iou_Transfer', {
      newOwner: bob,
    });
    const [offer = ''] = createdIdsOf(transfer);
    expect(ids([alice])).toEqual([offer]);
    expect(ids([bob])).toEqual([offer]);
    expect(active.get(iou)).toBeUndefined();
    expect(active.get(offer)).toMatchObject({
      offset: transfer.offset,
      synchronizerId: transfer.synchronizerId,
    });
    expect(active.size()).toBe(1);
    const target = { contractId: offer, templateId: iouTransferTemplate };
    const [bobs = ''] = createdIdsOf(await ledger.exercise(bob, target, 'IouTransfer_Accept'));
    expect(ids([alice])).toEqual([]);
    expect(ids([bob])).toEqual([bobs]);
  });
});
