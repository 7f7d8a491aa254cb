import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  alice,
  bank,
  bob,
  createdIds,
  createIou,
  exercise,
  submission,
} from '../../testing/engine.test-helper.ts';
import {
  app1,
  assign,
  globalId,
  reassignment,
  startTwoSynchronizerEngine,
  unassign,
} from '../../testing/reassignment.test-helper.ts';
import type { LedgerEngine } from '../engine/engine-types.ts';
import { createFileJournal } from '../journal/file-journal.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';

async function createIouOn(engine: LedgerEngine, synchronizerId: string | null = globalId) {
  const record = await engine.submit(
    submission([createIou(bank, alice, '10.0')], { actAs: [bank, alice], synchronizerId }),
  );
  return { record, contractId: createdIds(record)[0] ?? '' };
}

/** Unassigns a contract and assigns it on the other side; resolves with both records. */
async function hop(engine: LedgerEngine, contractId: string, source: string, target: string) {
  const out = await engine.submitReassignment(
    reassignment(alice, [unassign(contractId, source, target)]),
  );
  const into = await engine.submitReassignment(
    reassignment(alice, [assign(out.reassignmentId, source, target)]),
  );
  return { out, into };
}

describe('reassignment between synchronizers', () => {
  it('unassigns a contract, keeps it in flight, then assigns it with the same id and counter', async () => {
    const { engine } = await startTwoSynchronizerEngine(createMemoryJournal(), { host: true });
    const { contractId } = await createIouOn(engine);
    const out = await engine.submitReassignment(
      reassignment(alice, [unassign(contractId, globalId, app1)]),
    );
    expect(out).toMatchObject({
      type: 'reassignment',
      kind: 'unassign',
      synchronizerId: globalId,
      source: globalId,
      target: app1,
      submitter: alice,
      submission: { actAs: [alice] },
    });
    expect(out.events).toEqual([expect.objectContaining({ contractId, reassignmentCounter: 1 })]);
    // In flight: no transaction may use it, wherever it is routed.
    const use = submission([exercise(contractId, 'Iou_Split', { splitAmount: '1.0' })], {
      actAs: [alice],
    });
    await expect(engine.submit(use)).rejects.toMatchObject({
      code: 'UNKNOWN_CONTRACT_SYNCHRONIZERS',
    });
    await expect(
      engine.submitReassignment(reassignment(alice, [unassign(contractId, globalId, app1)])),
    ).rejects.toMatchObject({ code: 'UNKNOWN_CONTRACT_SYNCHRONIZERS' });
    const into = await engine.submitReassignment(
      reassignment(alice, [assign(out.reassignmentId, globalId, app1)]),
    );
    expect(into).toMatchObject({
      kind: 'assign',
      synchronizerId: app1,
      reassignmentId: out.reassignmentId,
      events: [expect.objectContaining({ contractId, reassignmentCounter: 1 })],
    });
    // Assigned to app1: a transaction routed there uses it, one prescribed elsewhere cannot.
    const split = await engine.submit(use);
    expect(split.synchronizerId).toBe(app1);
    expect(split.offset).toBe(into.offset + 1);
  });

  it('refuses a transaction prescribed to a synchronizer its input contracts are not on', async () => {
    const { engine } = await startTwoSynchronizerEngine(createMemoryJournal(), { host: true });
    const { contractId } = await createIouOn(engine);
    await hop(engine, contractId, globalId, app1);
    const prescribed = submission([exercise(contractId, 'Iou_Split', { splitAmount: '1.0' })], {
      actAs: [alice],
      synchronizerId: globalId,
    });
    await expect(engine.submit(prescribed)).rejects.toMatchObject({
      code: 'INVALID_PRESCRIBED_SYNCHRONIZER_ID',
    });
  });

  it('raises the counter by one per unassignment over several hops', async () => {
    const { engine } = await startTwoSynchronizerEngine(createMemoryJournal(), { host: true });
    const { contractId } = await createIouOn(engine);
    const counters: number[] = [];
    for (const [source, target] of [
      [globalId, app1],
      [app1, globalId],
      [globalId, app1],
    ] as const) {
      const { out, into } = await hop(engine, contractId, source, target);
      expect(into.events[0]?.reassignmentCounter).toBe(out.events[0]?.reassignmentCounter);
      counters.push(out.events[0]?.reassignmentCounter ?? -1);
    }
    expect(counters).toEqual([1, 2, 3]);
  });

  it('routes a submission whose parties share one synchronizer there, and requires one named otherwise', async () => {
    const { engine } = await startTwoSynchronizerEngine(createMemoryJournal(), { host: true });
    const bobs = await engine.submit(
      submission([createIou(bank, bob, '1.0')], { actAs: [bank, bob] }),
    );
    expect(bobs.synchronizerId).toBe(globalId);
    const { record } = await createIouOn(engine, app1);
    expect(record.synchronizerId).toBe(app1);
    await expect(
      engine.submit(
        submission([createIou(bank, bob, '1.0')], { actAs: [bank, bob], synchronizerId: app1 }),
      ),
    ).rejects.toMatchObject({ code: 'NO_SYNCHRONIZER_FOR_SUBMISSION' });
  });

  it('refuses reassignments Canton refuses', async () => {
    const { engine } = await startTwoSynchronizerEngine(createMemoryJournal(), { host: true });
    const { contractId } = await createIouOn(engine);
    const refused = (submitter: string, command: Parameters<typeof reassignment>[1][number]) =>
      expect(engine.submitReassignment(reassignment(submitter, [command]))).rejects;
    await refused(alice, unassign(contractId, globalId, globalId)).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await refused(alice, unassign(contractId, app1, globalId)).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await refused(alice, unassign(`00${'ab'.repeat(33)}`, globalId, app1)).toMatchObject({
      code: 'CONTRACT_NOT_FOUND',
    });
    await refused(bob, unassign(contractId, globalId, app1)).toMatchObject({
      code: 'NO_SYNCHRONIZER_FOR_SUBMISSION',
    });
    await refused(alice, assign('unknown', globalId, app1)).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await refused(alice, unassign(contractId, globalId, 'nowhere::1220')).toMatchObject({
      code: 'NO_SYNCHRONIZER_FOR_SUBMISSION',
    });
  });

  it('replays reassignments on restart: locations, counters and a pending assignment', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-reassignment-'));
    try {
      const journal = await createFileJournal({ dir });
      const first = await startTwoSynchronizerEngine(journal, { host: true });
      const { contractId } = await createIouOn(first.engine);
      await hop(first.engine, contractId, globalId, app1);
      const out = await first.engine.submitReassignment(
        reassignment(alice, [unassign(contractId, app1, globalId)]),
      );
      await journal.close();
      const again = await startTwoSynchronizerEngine(await createFileJournal({ dir }));
      expect(again.published).toEqual(first.published);
      await expect(
        again.engine.submit(
          submission([exercise(contractId, 'Iou_Split', { splitAmount: '1.0' })], {
            actAs: [alice],
          }),
        ),
      ).rejects.toMatchObject({ code: 'UNKNOWN_CONTRACT_SYNCHRONIZERS' });
      const into = await again.engine.submitReassignment(
        reassignment(alice, [assign(out.reassignmentId, app1, globalId)]),
      );
      expect(into.events[0]?.reassignmentCounter).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
