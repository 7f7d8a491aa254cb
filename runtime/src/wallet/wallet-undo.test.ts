import type { JournalRecord } from '@pocketnet/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolledBackAndFresh, undoJournal } from '../../testing/undo-workload.test-helper.ts';
import { createWalletContracts } from './wallet-contracts.projection.ts';
import { createWalletHistory } from './wallet-history.projection.ts';
import { walletTemplateOf } from './wallet-templates.ts';

type Journal = Awaited<ReturnType<typeof undoJournal>>;

const partiesOf = (records: readonly JournalRecord[]) =>
  [
    ...new Set(
      records.flatMap((record) =>
        record.type === 'transaction' ? record.nodes.flatMap((node) => node.witnesses) : [],
      ),
    ),
  ].sort();

const kindsOf = (records: readonly JournalRecord[]) =>
  [
    ...new Set(
      records.flatMap((record) =>
        record.type === 'transaction'
          ? record.nodes.flatMap((node) => walletTemplateOf(node) ?? [])
          : [],
      ),
    ),
  ].sort();

describe("the wallet's projections rolled back to a mark", () => {
  const journals: Journal[] = [];
  beforeAll(async () => {
    journals.push(await undoJournal(11, 25), await undoJournal(12, 25));
  }, 60_000);

  it('hold what a fresh wallet fed only the records before the mark holds', () => {
    for (const journal of journals) {
      const parties = partiesOf(journal.records);
      const kinds = kindsOf(journal.records);
      const { rolledBack, moved, fresh } = rolledBackAndFresh(
        journal,
        (records$, undo) => {
          const contracts = createWalletContracts(records$, undo);
          const history = createWalletHistory({ records$, hasWallet: contracts.hasWallet, undo });
          return { contracts, history };
        },
        ({ contracts, history }) => ({
          contracts: parties.map((party) =>
            kinds.map((kind) => contracts.of(party, kind).map((contract) => contract.node)),
          ),
          installs: contracts
            .userNames()
            .sort()
            .map((name) => [name, contracts.installsOf(name).map((c) => c.node.contractId)]),
          wallets: parties.filter(contracts.hasWallet),
          history: parties.map((party) => history.page(party, { pageSize: 10_000 })),
        }),
      );
      expect(moved).not.toEqual(fresh);
      expect(rolledBack).toEqual(fresh);
    }
  });
});
