import { createUndoLog, historyOf, type JournalRecord, type UndoLog } from '@pocketnet/ledger';
import { type Observable, Subject } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolledBackAndFresh, undoJournal } from '../../testing/undo-workload.test-helper.ts';
import { createJournalCounter } from './journal-locations.ts';
import { createNetworkContracts } from './network/network-contracts.projection.ts';
import { type NetworkReference, networkReferences } from './network/network-references.ts';
import { createRoundActivity } from './network/round-activity.projection.ts';
import { createTransferCommands } from './network/transfer-commands.projection.ts';
import { createRegistryContracts } from './registry/registry-contracts.projection.ts';
import { type RegistryReference, registryReferences } from './registry/registry-references.ts';

type Journal = Awaited<ReturnType<typeof undoJournal>>;

const partiesOf = (records: readonly JournalRecord[]) =>
  [
    ...new Set(
      records.flatMap((record) =>
        record.type === 'transaction' ? record.nodes.flatMap((node) => node.witnesses) : [],
      ),
    ),
  ].sort();

function buildNetwork(records$: Observable<JournalRecord>, undo: UndoLog) {
  const contracts = createNetworkContracts(undo);
  const rounds = createRoundActivity(undo);
  const commands = createTransferCommands(undo);
  const journal = createJournalCounter(undo);
  records$.subscribe((record) => {
    const journalIndex = journal.next();
    contracts.apply(record, journalIndex);
    rounds.apply(record, journalIndex);
    commands.apply(record, journalIndex);
  });
  return { journal, sections: [contracts, rounds, commands], contracts, rounds, commands };
}

function readNetwork(parties: readonly string[]) {
  const references = Object.values(networkReferences) as NetworkReference[];
  return ({ contracts, rounds, commands }: ReturnType<typeof buildNetwork>) => ({
    active: references.map((reference) => contracts.active(reference)),
    byParty: references.map((reference) =>
      parties.map((party) => contracts.ofParty(reference, party)),
    ),
    earliest: rounds.earliestRound(),
    rounds: Array.from({ length: 40 }, (_, number) => {
      const round = rounds.round(BigInt(number));
      return round === undefined ? null : { ...round, records: [...round.records] };
    }),
    commands: parties.map((party) => commands.of(party, 0n)),
    // What a state file would save of them (issue 23) is a fresh one's too.
    saved: [contracts.save(), rounds.save(), commands.save()],
  });
}

function buildRegistry(records$: Observable<JournalRecord>, undo: UndoLog) {
  const contracts = createRegistryContracts(undo);
  const journal = createJournalCounter(undo);
  records$.subscribe((record) => contracts.apply(record, journal.next()));
  return { journal, sections: [contracts], contracts };
}

function readRegistry(parties: readonly string[]) {
  const references = Object.values(registryReferences) as RegistryReference[];
  return ({ contracts }: ReturnType<typeof buildRegistry>) => ({
    active: references.map((reference) => contracts.active(reference)),
    byParty: references.map((reference) =>
      parties.map((party) => contracts.ofParty(reference, party)),
    ),
    saved: contracts.save(),
  });
}

type Holder = {
  readonly journal: ReturnType<typeof createJournalCounter>;
  readonly sections: readonly {
    save(): unknown;
    restore(saved: never, history: ReturnType<typeof historyOf>): void;
  }[];
};

/**
 * A holder restored from what one fed the records before the mark saves (through JSON, as a
 * state file carries it), then fed the rest after a mark and rolled back: its reads after the
 * rest, and after the rollback, beside those of holders fed the records straight.
 */
function restoredAndFed<THolder extends Holder>(
  journal: Journal,
  build: (records$: Observable<JournalRecord>, undo: UndoLog) => THolder,
  read: (holder: THolder) => unknown,
) {
  const fed = (records: readonly JournalRecord[]) => {
    const bus = new Subject<JournalRecord>();
    const holder = build(bus, createUndoLog());
    for (const record of records) bus.next(record);
    return holder;
  };
  const before = fed(journal.records.slice(0, journal.before));
  const saved = before.sections.map((section) => JSON.parse(JSON.stringify(section.save())));
  const bus = new Subject<JournalRecord>();
  const undo = createUndoLog();
  const restored = build(bus, undo);
  const history = historyOf(journal.records.slice(0, journal.before));
  restored.sections.forEach((section, index) => {
    section.restore(saved[index] as never, history);
  });
  restored.journal.restore(before.journal.count(), history);
  const mark = undo.mark();
  for (const record of journal.records.slice(journal.before)) bus.next(record);
  const moved = read(restored);
  undo.rollback(mark);
  return {
    moved,
    whole: read(fed(journal.records)),
    rolledBack: read(restored),
    fresh: read(before),
  };
}

describe("scan's projections rolled back to a mark", () => {
  let journal: Journal;
  beforeAll(async () => {
    // Time moves too: rounds open, close and collect activity after the mark.
    journal = await undoJournal(31, 40);
  }, 60_000);

  it('network contracts, round activity and transfer commands are those of fresh ones', () => {
    const read = readNetwork(partiesOf(journal.records));
    const { rolledBack, moved, fresh } = rolledBackAndFresh(journal, buildNetwork, read);
    expect(moved).not.toEqual(fresh);
    expect(rolledBack).toEqual(fresh);
  });

  it("the registry's contracts are those of a fresh one", () => {
    const read = readRegistry(partiesOf(journal.records));
    const { rolledBack, moved, fresh } = rolledBackAndFresh(journal, buildRegistry, read);
    expect(moved).not.toEqual(fresh);
    expect(rolledBack).toEqual(fresh);
  });

  it('restored from their sections, they go on and roll back as fed ones do', () => {
    const parties = partiesOf(journal.records);
    for (const ways of [
      restoredAndFed(journal, buildNetwork, readNetwork(parties)),
      restoredAndFed(journal, buildRegistry, readRegistry(parties)),
    ]) {
      expect(ways.moved).not.toEqual(ways.fresh);
      expect(ways.moved).toEqual(ways.whole);
      expect(ways.rolledBack).toEqual(ways.fresh);
    }
  });
});
