import { beforeAll, describe, expect, it } from 'vitest';
import { rolledBackAndFresh, undoJournal } from '../../testing/undo-workload.test-helper.ts';
import { createAppContracts } from './app-contracts.projection.ts';
import { type AppTemplate, appTemplateOf, stakeholdersOf } from './app-templates.ts';

describe("the wallet apps' contracts rolled back to a mark", () => {
  let journal: Awaited<ReturnType<typeof undoJournal>>;
  beforeAll(async () => {
    journal = await undoJournal(21, 30);
  }, 60_000);

  it('are those of a fresh projection fed only the records before the mark', () => {
    const created = journal.records.flatMap((record) =>
      record.type === 'transaction'
        ? record.nodes.flatMap((node) => (node.kind === 'created' ? [node] : []))
        : [],
    );
    const kinds = [
      ...new Set(created.flatMap((node) => appTemplateOf(node) ?? [])),
    ].sort() as AppTemplate[];
    const parties = [...new Set(created.flatMap((node) => stakeholdersOf(node)))].sort();
    expect(kinds.length).toBeGreaterThan(0);
    // The steps make no app contracts: the mark goes before the genesis made the first one.
    const before = journal.records.findIndex(
      (record) =>
        record.type === 'transaction' &&
        record.nodes.some((node) => node.kind === 'created' && appTemplateOf(node) !== undefined),
    );
    const { rolledBack, moved, fresh } = rolledBackAndFresh(
      { records: journal.records, before },
      (records$, undo) => createAppContracts(records$, undo),
      (contracts) => ({
        all: kinds.map((kind) => contracts.all(kind).map((contract) => contract.node)),
        byParty: parties.map((party) =>
          kinds.map((kind) => contracts.of(party, kind).map((contract) => contract.node)),
        ),
        coupons: parties.map((party) => contracts.archivedCouponsOf(party)),
      }),
    );
    expect(moved).not.toEqual(fresh);
    expect(rolledBack).toEqual(fresh);
  });
});
