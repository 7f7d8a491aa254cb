import {
  createUndoLog,
  historyOf,
  type JournalHistory,
  type JournalRecord,
} from '@pocketnet/ledger';
import { Subject } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { undoJournal } from '../../testing/undo-workload.test-helper.ts';
import { createWalletContracts } from './wallet-contracts.projection.ts';
import { createWalletHistory } from './wallet-history.projection.ts';

// A restored wallet reads the state's journal only for what it is asked (issue 23): a load
// decodes none of its records, a page of history only the transactions of its entries.

/** The wallet's two stores over a bus of their own. */
function walletStores() {
  const bus = new Subject<JournalRecord>();
  const undo = createUndoLog();
  const contracts = createWalletContracts(bus, undo);
  const history = createWalletHistory({ records$: bus, hasWallet: contracts.hasWallet, undo });
  return { bus, undo, contracts, history };
}

/** A history that counts the records asked of it. */
function countedHistory(records: readonly JournalRecord[]) {
  const whole = historyOf(records);
  const asked = new Set<number>();
  const history: JournalHistory = {
    length: whole.length,
    at(index) {
      asked.add(index);
      return whole.at(index);
    },
  };
  return { history, asked };
}

describe('a wallet restored from its sections', () => {
  let records: JournalRecord[] = [];
  beforeAll(async () => {
    ({ records } = await undoJournal(21, 40));
  }, 60_000);

  it('decodes nothing at the load, and for a page only the transactions its entries come from', () => {
    const live = walletStores();
    for (const record of records) live.bus.next(record);
    const alice = live.contracts.installsOf('alice')[0]?.node.createArgument.endUserParty;
    if (typeof alice !== 'string') throw new Error('alice has no wallet');
    const { history, asked } = countedHistory(records);
    const restored = walletStores();
    restored.contracts.section.restore(live.contracts.section.save(), history);
    restored.history.section.restore(live.history.section.save(), history);
    expect(asked.size).toBe(0);

    const newest = restored.history.page(alice, { pageSize: 2 });
    expect(newest).toEqual(live.history.page(alice, { pageSize: 2 }));
    const offsets = new Set(newest.map((entry) => entry.offset));
    // The jumps over admin records read a few more, never the history.
    expect(asked.size).toBeLessThan(4 * offsets.size);
    expect(asked.size).toBeLessThan(records.length / 10);

    expect(restored.history.page(alice, { pageSize: 1000 })).toEqual(
      live.history.page(alice, { pageSize: 1000 }),
    );
    expect(restored.contracts.of(alice, 'amulet')).toEqual(live.contracts.of(alice, 'amulet'));
  });

  it('goes on from its sections with the records that come after them', () => {
    const cut = Math.floor(records.length / 2);
    const before = walletStores();
    for (const record of records.slice(0, cut)) before.bus.next(record);
    const restored = walletStores();
    const history = historyOf(records.slice(0, cut));
    restored.contracts.section.restore(before.contracts.section.save(), history);
    restored.history.section.restore(before.history.section.save(), history);
    const live = walletStores();
    for (const record of records) live.bus.next(record);
    for (const record of records.slice(cut)) restored.bus.next(record);
    expect(restored.contracts.section.save()).toEqual(live.contracts.section.save());
    expect(restored.history.section.save()).toEqual(live.history.section.save());
    for (const user of live.contracts.userNames()) {
      const party = live.contracts.installsOf(user)[0]?.node.createArgument.endUserParty;
      if (typeof party !== 'string') continue;
      expect(restored.history.page(party, { pageSize: 1000 })).toEqual(
        live.history.page(party, { pageSize: 1000 }),
      );
    }
  });
});
