import {
  type AdminRecord,
  createUndoLog,
  historyOf,
  type JournalRecord,
  type LedgerRecord,
  restoreSections,
  saveSections,
  type TopologyRecord,
} from '@pocketnet/ledger';
import { firstValueFrom, NEVER, toArray } from 'rxjs';
import { describe, expect, test } from 'vitest';
import { createUpdateLog, type UpdateLog } from './update-log.projection.ts';

const recordTime = '2026-01-01T00:00:00.000000Z';
const admin = (): AdminRecord => ({ type: 'admin', recordTime, change: { kind: 'user.created' } });
/** A ledger record of `offset`; its update id ends as `ending` says (keys are id endings). */
const topology = (offset: number, ending: string): TopologyRecord => ({
  type: 'topology',
  offset,
  updateId: `1220${String(offset).padStart(8, '0')}${ending}`,
  synchronizerId: 'global-domain::1220',
  recordTime,
  participantId: 'participant1::1220',
  parties: [`party-${offset}::1220`],
  annotations: {},
  identityProviderId: '',
  grantedTo: null,
});
const rejection = (offset: number): Extract<LedgerRecord, { type: 'rejection' }> => ({
  type: 'rejection',
  offset,
  recordTime,
  synchronizerId: 'global-domain::1220',
  submission: {
    userId: 'alice',
    commandId: `command-${offset}`,
    submissionId: `submission-${offset}`,
    actAs: ['alice::1220'],
    workflowId: '',
  },
  status: { code: 'ABORTED', message: 'no', grpcCode: 10 },
});

// Admin records between ledger records, a rejection (no update id), and two updates whose
// ids end alike, so their short keys are the same.
const history: JournalRecord[] = [
  admin(),
  topology(1, 'aaaaaaaa11111111'),
  topology(2, 'bbbbbbbb22222222'),
  admin(),
  admin(),
  rejection(3),
  topology(4, 'cccccccc11111111'),
  admin(),
  topology(5, 'dddddddd33333333'),
];

async function answersOf(log: UpdateLog) {
  const end = log.ledgerEnd();
  const ids = history.flatMap((record) =>
    record.type === 'topology' ? [record.updateId, `${record.updateId.slice(0, -1)}9`] : [],
  );
  return {
    end,
    byOffset: [0, 1, 2, 3, 4, 5, 6, end, end + 1].map((offset) => log.byOffset(offset)),
    byUpdateId: ids.map((id) => log.byUpdateId(id)),
    range: [log.range(0, end), log.range(2, 4), log.range(4, 100)],
    followed: await firstValueFrom(log.follow$(1, end).pipe(toArray())),
    journalIndices: Array.from({ length: end }, (_, index) => log.journalIndexOf(index + 1)),
  };
}

describe('update log', () => {
  test('restored from its section, reads its history from the journal and goes on alike', async () => {
    const live = { undo: createUndoLog() };
    const liveLog = createUpdateLog(NEVER, live.undo);
    for (const record of history) liveLog.apply(record);
    const restored = { undo: createUndoLog() };
    const restoredLog = createUpdateLog(NEVER, restored.undo);
    restoreSections(restored.undo, saveSections(live.undo), historyOf(history));
    expect(await answersOf(restoredLog)).toEqual(await answersOf(liveLog));
    expect(restoredLog.byOffset(4)).toBe(history[6]);
    expect(liveLog.journalIndexOf(5)).toBe(8);
    // After a mark: a record more on both, then a rollback to the restored state.
    const marks = [live.undo.mark(), restored.undo.mark()] as const;
    const before = await answersOf(restoredLog);
    for (const log of [liveLog, restoredLog]) {
      log.apply(admin());
      log.apply(topology(6, 'eeeeeeee11111111'));
    }
    expect(await answersOf(restoredLog)).toEqual(await answersOf(liveLog));
    expect(restoredLog.byUpdateId(`1220${'6'.padStart(8, '0')}eeeeeeee11111111`)?.offset).toBe(6);
    expect(saveSections(restored.undo)).toEqual(saveSections(live.undo));
    live.undo.rollback(marks[0]);
    restored.undo.rollback(marks[1]);
    expect(await answersOf(restoredLog)).toEqual(before);
    expect(await answersOf(liveLog)).toEqual(before);
  });
});
