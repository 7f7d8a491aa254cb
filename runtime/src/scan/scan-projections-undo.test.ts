import type { JournalRecord } from '@pocketnet/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolledBackAndFresh, undoJournal } from '../../testing/undo-workload.test-helper.ts';
import { createJournalCounter } from './journal-locations.ts';
import { createNetworkContracts } from './network/network-contracts.projection.ts';
import { type NetworkReference, networkReferences } from './network/network-references.ts';
import { createRoundActivity } from './network/round-activity.projection.ts';
import { createTransferCommands } from './network/transfer-commands.projection.ts';
import { createRegistryContracts } from './registry/registry-contracts.projection.ts';
import { type RegistryReference, registryReferences } from './registry/registry-references.ts';

const partiesOf = (records: readonly JournalRecord[]) =>
  [
    ...new Set(
      records.flatMap((record) =>
        record.type === 'transaction' ? record.nodes.flatMap((node) => node.witnesses) : [],
      ),
    ),
  ].sort();

describe("scan's projections rolled back to a mark", () => {
  let journal: Awaited<ReturnType<typeof undoJournal>>;
  beforeAll(async () => {
    // Time moves too: rounds open, close and collect activity after the mark.
    journal = await undoJournal(31, 40);
  }, 60_000);

  it('network contracts, round activity and transfer commands are those of fresh ones', () => {
    const parties = partiesOf(journal.records);
    const references = Object.values(networkReferences) as NetworkReference[];
    const { rolledBack, moved, fresh } = rolledBackAndFresh(
      journal,
      (records$, undo) => {
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
        return { contracts, rounds, commands };
      },
      ({ contracts, rounds, commands }) => ({
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
      }),
    );
    expect(moved).not.toEqual(fresh);
    expect(rolledBack).toEqual(fresh);
  });

  it("the registry's contracts are those of a fresh one", () => {
    const parties = partiesOf(journal.records);
    const references = Object.values(registryReferences) as RegistryReference[];
    const { rolledBack, moved, fresh } = rolledBackAndFresh(
      journal,
      (records$, undo) => {
        const contracts = createRegistryContracts(undo);
        const journal = createJournalCounter(undo);
        records$.subscribe((record) => contracts.apply(record, journal.next()));
        return contracts;
      },
      (contracts) => ({
        active: references.map((reference) => contracts.active(reference)),
        byParty: references.map((reference) =>
          parties.map((party) => contracts.ofParty(reference, party)),
        ),
        saved: contracts.save(),
      }),
    );
    expect(moved).not.toEqual(fresh);
    expect(rolledBack).toEqual(fresh);
  });
});
