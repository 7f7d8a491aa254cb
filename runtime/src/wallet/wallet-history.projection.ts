import {
  appendOnlyArray,
  type JournalRecord,
  parseNumeric,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import { amuletTemplates } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import { historyEntriesOf } from './history-entries.ts';
import type { HistoryEntry } from './history-types.ts';
import { walletTemplateOf } from './wallet-templates.ts';

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
  const byParty = undoableMap<string, HistoryEntry[]>(undo);
  // The wallets' active amulets and their amounts: a token-standard step of splice-amulet
  // 0.1.20 consumes them without a TransferSummary saying how much they held.
  const heldAmulets = undoableMap<string, { owner: string; amount: bigint }>(undo);
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
  const subscription = deps.records$.subscribe((record) => {
    if (record.type !== 'transaction' || !touchesWallet(record)) return;
    const entries = historyEntriesOf(record, (contractId) => heldAmulets.get(contractId));
    trackAmulets(record);
    for (const entry of entries) {
      for (const party of new Set(entry.parties)) {
        if (!deps.hasWallet(party)) continue;
        const entries = byParty.get(party);
        if (entries) entries.push(entry);
        else byParty.set(party, appendOnlyArray(undo, [entry]));
      }
    }
  });
  return {
    /**
     * A page of the party's history, newest first; `beginAfterId` continues after that entry
     * (an id the party's history does not hold gives an empty page).
     */
    page(party: string, request: { beginAfterId?: string; pageSize: number }): HistoryEntry[] {
      const entries = byParty.get(party) ?? [];
      let end = entries.length;
      if (request.beginAfterId !== undefined && request.beginAfterId !== '') {
        end = entries.findIndex((entry) => entry.eventId === request.beginAfterId);
        if (end < 0) return [];
      }
      return entries.slice(Math.max(0, end - request.pageSize), end).reverse();
    },
    close: () => subscription.unsubscribe(),
  };
}

export type WalletHistory = ReturnType<typeof createWalletHistory>;
