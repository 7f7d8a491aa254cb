import { describe, expect, it } from 'vitest';
import {
  alice,
  bank,
  bob,
  createdIds,
  createIou,
  exercise,
  snapshotOf,
  startEngine,
  submission,
} from '../../testing/engine.test-helper.ts';
import { isDomainError } from '../errors.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';
import { planCreateUser } from '../participant/users.ts';
import { createUndoLog } from '../undo/undo-log.ts';

// Issue 23: the engine's state rolls back in place to a mark, as if what followed never
// happened: contracts (in creation order), keys, users, deduplication, offsets and record times.

const everything = (engine: Awaited<ReturnType<typeof startEngine>>['engine']) => ({
  ...snapshotOf(engine),
  order: [...engine.contracts.values()].map((contract) => contract.contractId),
  vetting: engine.participant.vetting.serial,
});

describe('ledger engine: rollback to an undo mark', () => {
  it('puts contracts, users, deduplication and offsets back, again and again', async () => {
    const undo = createUndoLog();
    const { engine, clock } = await startEngine(createMemoryJournal(), { host: true, undo });
    const created = await engine.submit(
      submission([createIou(bank, alice, '10.0'), createIou(bank, alice, '5.0')]),
    );
    await engine.submit(submission([createIou(bank, bob, '7.0')], { actAs: [bank, bob] }));
    const [first, second] = createdIds(created);
    const before = everything(engine);
    const mark = undo.mark();
    for (let round = 0; round < 3; round += 1) {
      const repeated = submission([createIou(bank, alice, '1.0')], { commandId: 'after-mark' });
      await engine.submit(repeated);
      await engine.submit(
        submission([exercise(first as string, 'Iou_Merge', { otherCid: second as string })]),
      );
      await engine.commitAdmin(planCreateUser({ user: { id: `user-${round}` } }));
      clock.advance(60_000_000n);
      const duplicate = await engine.submit(repeated).catch((error: unknown) => error);
      expect(isDomainError(duplicate) && duplicate.code).toBe('DUPLICATE_COMMAND');
      expect(everything(engine)).not.toEqual(before);
      undo.rollback(mark);
      expect(everything(engine)).toEqual(before);
      // Deduplication forgot the change made after the mark: it is accepted again next round.
      expect(undo.size()).toBe(0);
    }
    undo.release(mark);
  });
});
