import { describe, expect, it } from 'vitest';
import {
  alice,
  bank,
  bob,
  createdIds,
  createIou,
  exercise,
  participantId,
  snapshotOf,
  startEngine,
  submission,
  synchronizerId,
} from '../../testing/engine.test-helper.ts';
import { createSimulatedClock } from '../clock.ts';
import type { SubmitRequest } from '../commands.ts';
import { isDomainError } from '../errors.ts';
import { examplePackages } from '../examples/examples-package.ts';
import { createMemoryJournal } from '../journal/memory-journal.ts';
import { createPackageRegistry } from '../packages/registry.ts';
import { planCreateUser } from '../participant/users.ts';
import type { JournalRecord } from '../transaction.ts';
import { historyOf, restoreSections, saveSections } from '../undo/state-sections.ts';
import { createUndoLog } from '../undo/undo-log.ts';
import type { LedgerEngine } from './engine-types.ts';
import { createLedgerEngine } from './ledger-engine.ts';

// Issue 23: an engine restored from its state sections answers as one that replayed its journal.

const registration = '#pocketnet-examples:Iou:CurrencyRegistration';

/** A history with archives, a contract key, a user, a rejection and a remembered change. */
async function liveHistory(records: JournalRecord[]) {
  const undo = createUndoLog();
  const { engine, clock } = await startEngine(createMemoryJournal({ records }), {
    host: true,
    undo,
  });
  const created = await engine.submit(
    submission([createIou(bank, alice, '10.0'), createIou(bank, alice, '5.0')]),
  );
  const [first = '', second = ''] = createdIds(created);
  await engine.submit(
    submission([
      { kind: 'create', templateId: registration, createArguments: registrationOf('USD') },
    ]),
  );
  await engine.commitAdmin(planCreateUser({ user: { id: 'alice-user', primaryParty: alice } }));
  clock.advance(60_000_000n);
  await engine.submit(submission([exercise(first, 'Iou_Merge', { otherCid: second })]));
  const repeated = submission([createIou(bank, bob, '7.0')], {
    actAs: [bank, bob],
    commandId: 'repeated',
  });
  await engine.submit(repeated);
  // A duplicate submitted asynchronously commits a rejection.
  await engine.submitAsync(repeated);
  for (let index = 0; index < 20; index += 1) {
    await engine.submit(submission([createIou(bank, alice, `${index + 1}.0`)]));
  }
  return { undo, engine, nowMicros: clock.nowMicros(), repeated };
}

function registrationOf(currency: string) {
  return { issuer: bank, currency, description: `the ${currency}`, observers: [] };
}

function engineOver(records: JournalRecord[], nowMicros: bigint) {
  const undo = createUndoLog();
  const engine = createLedgerEngine({
    journal: createMemoryJournal({ records }),
    clock: createSimulatedClock(nowMicros),
    packages: createPackageRegistry(examplePackages),
    participantId,
    synchronizerId,
    publish: () => {},
    undo,
  });
  return { undo, engine };
}

/** What a client of the engine can ask it, beyond the snapshot a restart must reproduce. */
function answersOf(engine: LedgerEngine) {
  const contracts = [...engine.contracts.values()];
  return {
    ...snapshotOf(engine),
    order: contracts.map((contract) => contract.contractId),
    offsets: contracts.map((contract) => engine.contracts.createdOffsetOf(contract.contractId)),
    vetting: engine.participant.vetting.serial,
  };
}

async function verdictOf(engine: LedgerEngine, request: SubmitRequest) {
  const outcome = await engine.submit(request).catch((error: unknown) => error);
  if (isDomainError(outcome)) return { code: outcome.code, details: outcome.details };
  return outcome;
}

describe('ledger engine: state sections', () => {
  it('restores contracts, keys, offsets, record times, users and deduplication as a replay rebuilds them', async () => {
    const records: JournalRecord[] = [];
    const live = await liveHistory(records);
    const saved = saveSections(live.undo);
    const replayed = engineOver(records.slice(), live.nowMicros);
    await replayed.engine.recover();
    const restored = engineOver(records.slice(), live.nowMicros);
    restoreSections(restored.undo, saved, historyOf(records));
    restored.engine.restored();

    expect(saveSections(replayed.undo)).toEqual(saved);
    expect(saveSections(restored.undo)).toEqual(saved);
    expect(answersOf(restored.engine)).toEqual(answersOf(replayed.engine));
    expect(answersOf(restored.engine)).toEqual(answersOf(live.engine));
    const usd = restored.engine.packages.resolveTemplate(registration).templateId;
    const key = { _1: bank, _2: 'USD' };
    expect(restored.engine.contracts.lookupByKey(usd, key)).toEqual(
      replayed.engine.contracts.lookupByKey(usd, key),
    );
    expect(restored.engine.contracts.lookupByKey(usd, key)).toBeDefined();

    // The next submissions: the same duplicate verdict, offset and record time either way.
    const duplicate = await verdictOf(restored.engine, live.repeated);
    expect(duplicate).toMatchObject({ code: 'DUPLICATE_COMMAND' });
    expect(duplicate).toEqual(await verdictOf(replayed.engine, live.repeated));
    const next = submission([createIou(bank, alice, '3.0')], { commandId: 'next' });
    const [fromRestored, fromReplayed] = [
      await restored.engine.submit(next),
      await replayed.engine.submit(next),
    ];
    expect(fromRestored.offset).toBe(fromReplayed.offset);
    expect(fromRestored.recordTime).toBe(fromReplayed.recordTime);
    expect(fromRestored).toEqual(fromReplayed);
    expect(saveSections(restored.undo)).toEqual(saveSections(replayed.undo));
  });

  it('saves no record: contracts and acceptances point into the journal', async () => {
    const records: JournalRecord[] = [];
    const live = await liveHistory(records);
    const saved = saveSections(live.undo);
    expect(saved['ledger.contracts']).toMatchObject({
      contractIds: [...live.engine.contracts.values()].map((contract) => contract.contractId),
    });
    // The topology, registration and Iou records are ledger records; the user's is an admin one.
    expect(saved['ledger.engine']).toMatchObject({
      lastOffset: live.engine.ledgerEnd(),
      journal: { length: records.length, admin: [records.findIndex((r) => r.type === 'admin')] },
    });
    const text = JSON.stringify(saved);
    expect(text).not.toContain('createArgument');
    // Record times are microseconds, not the records' ISO text.
    expect(text).not.toContain('2026-01-01T');
    expect(text).toMatch(/"lastRecordMicros":"\d{16}"/);
  });

  it('rolls a restored engine back to a mark as it rolls back a replayed one', async () => {
    const records: JournalRecord[] = [];
    const live = await liveHistory(records);
    const saved = saveSections(live.undo);
    const restored = engineOver(records.slice(), live.nowMicros);
    let reads = 0;
    const history = historyOf(records);
    const counted = {
      length: history.length,
      at(index: number) {
        reads += 1;
        return history.at(index);
      },
    };
    restoreSections(restored.undo, saved, counted);
    restored.engine.restored();
    const before = answersOf(restored.engine);
    const mark = restored.undo.mark();
    const readBefore = reads;
    // The oldest Iou: archived after the mark, so the rollback brings it back to its place.
    const oldest = before.contracts
      .filter((contract) => contract.templateId.endsWith(':Iou:Iou'))
      .sort(
        (left, right) =>
          before.order.indexOf(left.contractId) - before.order.indexOf(right.contractId),
      )[0];
    await restored.engine.submit(
      submission([exercise(oldest?.contractId ?? '', 'Iou_Split', { splitAmount: '1.0' })]),
    );
    await restored.engine.submit(live.repeated).catch(() => null);
    // Another change of the same command id: its slot moves to the end of the index's order.
    await restored.engine.submit({
      ...live.repeated,
      commands: [createIou(bank, alice, '7.0')],
      actAs: [bank, alice],
    });
    expect(answersOf(restored.engine)).not.toEqual(before);
    restored.undo.rollback(mark);
    // Putting the index's and the store's order back reads no acceptance or creation.
    expect(reads - readBefore).toBeLessThanOrEqual(2);
    expect(answersOf(restored.engine)).toEqual(before);
    expect(saveSections(restored.undo)).toEqual(saved);
  });
});
