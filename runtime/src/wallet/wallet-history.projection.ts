import {
  appendOnlyArray,
  formatNumeric,
  type JournalRecord,
  parseNumeric,
  type StateSection,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import { amuletTemplates } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import {
  type EntrySlot,
  entryOf,
  type HeldAmulet,
  restoreSlots,
  saveSlots,
  sourceOf,
} from './history-sources.ts';
import type { HistoryEntry } from './history-types.ts';
import { type TransactionFinder, transactionsIn } from './saved-contracts.ts';
import { walletTemplateOf } from './wallet-templates.ts';

/**
 * The history's state section: where each wallet's entries come from (the transactions, each
 * saved once, and each party's entries as positions into them), never the entries themselves;
 * and the wallets' active amulets with their amounts, which later entries read.
 */
export type SavedWalletHistory = ReturnType<typeof saveSlots> & {
  readonly heldAmulets: readonly HeldAmulet[];
};

/**
 * Each wallet's transaction history, from the bus: the entries of every transaction that
 * touches a party with a wallet here, kept per party in ledger order.
 */
export function createWalletHistory(deps: {
  readonly records$: Observable<JournalRecord>;
  /** Whether a party has a wallet here (the wallet contracts projection, applied first). */
  readonly hasWallet: (party: string) => boolean;
  readonly undo: UndoLog;
}) {
  const { undo } = deps;
  const byParty = undoableMap<string, EntrySlot[]>(undo);
  // The wallets' active amulets and their amounts: a token-standard step of splice-amulet
  // 0.1.20 consumes them without a TransferSummary saying how much they held.
  const heldAmulets = undoableMap<string, { owner: string; amount: bigint }>(undo);
  // The state's journal, when restored: the entries of restored slots are computed from it.
  let restoredFrom: TransactionFinder | null = null;
  const trackAmulets = (record: TransactionRecord) => {
    for (const node of record.nodes) {
      if (node.kind === 'exercised') {
        if (node.consuming) heldAmulets.delete(node.contractId);
      } else if (walletTemplateOf(node) === 'amulet') {
        const amulet = payloadOf(amuletTemplates.Amulet, node.createArgument);
        const owner = String(amulet.owner);
        if (!deps.hasWallet(owner)) continue;
        const amount = parseNumeric(String(amulet.amount.initialAmount));
        heldAmulets.set(node.contractId, { owner, amount });
      }
    }
  };
  const touchesWallet = (record: JournalRecord) =>
    record.type === 'transaction' &&
    record.nodes.some((node) => node.witnesses.some((party) => deps.hasWallet(party)));
  const section: StateSection<SavedWalletHistory> = {
    save: () => ({
      ...saveSlots(byParty),
      heldAmulets: [...heldAmulets]
        .map(
          ([contractId, held]): HeldAmulet => [contractId, held.owner, formatNumeric(held.amount)],
        )
        .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)),
    }),
    restore(saved, history) {
      restoredFrom = transactionsIn(history);
      for (const [party, slots] of restoreSlots(saved)) {
        byParty.set(party, appendOnlyArray(undo, slots));
      }
      for (const [contractId, owner, amount] of saved.heldAmulets) {
        heldAmulets.set(contractId, { owner, amount: parseNumeric(amount) });
      }
    },
  };
  const subscription = deps.records$.subscribe((record) => {
    if (record.type !== 'transaction' || !touchesWallet(record)) return;
    const source = sourceOf(record, (contractId) => heldAmulets.get(contractId));
    trackAmulets(record);
    (source.entries ?? []).forEach((entry, index) => {
      for (const party of new Set(entry.parties)) {
        if (!deps.hasWallet(party)) continue;
        const slots = byParty.get(party);
        if (slots) slots.push({ source, index });
        else byParty.set(party, appendOnlyArray(undo, [{ source, index }]));
      }
    });
  });
  const entryAt = (slot: EntrySlot) => entryOf(slot, restoredFrom);
  return {
    /**
     * A page of the party's history, newest first; `beginAfterId` continues after that entry
     * (an id the party's history does not hold gives an empty page). A restored history
     * computes only the entries it reads, newest first.
     */
    page(party: string, request: { beginAfterId?: string; pageSize: number }): HistoryEntry[] {
      const slots = byParty.get(party) ?? [];
      let end = slots.length;
      if (request.beginAfterId !== undefined && request.beginAfterId !== '') {
        // Ids are unique in a party's history: the search from the newest reads no more.
        end = slots.findLastIndex((slot) => entryAt(slot).eventId === request.beginAfterId);
        if (end < 0) return [];
      }
      return slots
        .slice(Math.max(0, end - request.pageSize), end)
        .map(entryAt)
        .reverse();
    },
    /** What a state file saves of the history; the wallet registers it under its participant. */
    section,
    close: () => subscription.unsubscribe(),
  };
}

export type WalletHistory = ReturnType<typeof createWalletHistory>;
