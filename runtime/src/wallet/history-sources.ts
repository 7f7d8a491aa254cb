import { formatNumeric, parseNumeric, type TransactionRecord } from '@pocketnet/ledger';
import { nodeWithId } from '../node/participant-records.ts';
import { historyEntriesOf } from './history-entries.ts';
import type { HistoryEntry } from './history-types.ts';
import type { TransactionFinder } from './saved-contracts.ts';

// A wallet history keeps, beside its entries, where each comes from: what its state section saves
// instead of the entries (issue 23), and what a restored history computes them again from, on
// first read, through the state's journal.

/** A wallet's amulet an entry read the amount of: contract id, owner, amount. */
export type HeldAmulet = readonly [contractId: string, owner: string, amount: string];

/** The transaction some wallets' entries come from, and those entries once computed. */
export type EntrySource = {
  readonly offset: number;
  /** The roots of what this participant saw of it: its view is their subtrees. */
  readonly roots: readonly number[];
  /** The wallets' amulets (created before it) whose amounts its entries read. */
  readonly held: readonly HeldAmulet[];
  /** Null until a restored history is read: then computed from the journal's record. */
  entries: readonly HistoryEntry[] | null;
};

/** One entry of a wallet's history: the `index`th entry of its transaction's. */
export type EntrySlot = { readonly source: EntrySource; readonly index: number };

type Held = { readonly owner: string; readonly amount: bigint };

/** The entries of a transaction as it comes, with where they come from. */
export function sourceOf(
  record: TransactionRecord,
  heldBefore: (contractId: string) => Held | undefined,
): EntrySource {
  const held: HeldAmulet[] = [];
  const entries = historyEntriesOf(record, (contractId) => {
    const found = heldBefore(contractId);
    if (found && !held.some(([known]) => known === contractId)) {
      held.push([contractId, found.owner, formatNumeric(found.amount)]);
    }
    return found;
  });
  return { offset: record.offset, roots: record.rootNodeIds, held, entries };
}

/** What a participant saw of a transaction: the subtrees of `roots`, under their own ids. */
function seenPart(record: TransactionRecord, roots: readonly number[]): TransactionRecord {
  const whole =
    roots.length === record.rootNodeIds.length &&
    roots.every((root, at) => record.rootNodeIds[at] === root);
  if (whole) return record;
  // Node ids are in pre-order: a subtree is the ids from its root to its last descendant.
  const ranges = roots.map((root) => {
    const node = nodeWithId(record, root);
    return [root, node?.kind === 'exercised' ? node.lastDescendantNodeId : root] as const;
  });
  const seen = (nodeId: number) =>
    ranges.some(([first, last]) => nodeId >= first && nodeId <= last);
  return { ...record, nodes: record.nodes.filter((node) => seen(node.nodeId)), rootNodeIds: roots };
}

/** The entry of a slot, computing its transaction's entries from the journal the first time. */
export function entryOf(slot: EntrySlot, transactions: TransactionFinder | null): HistoryEntry {
  const { source } = slot;
  if (source.entries === null) {
    if (transactions === null) throw new Error('a restored wallet history without its journal');
    const held = new Map(
      source.held.map(([contractId, owner, amount]) => [
        contractId,
        { owner, amount: parseNumeric(amount) },
      ]),
    );
    const record = seenPart(transactions(source.offset), source.roots);
    // Once computed, they stand for the source: a cache the undo log need not know about.
    source.entries = historyEntriesOf(record, (contractId) => held.get(contractId));
  }
  const entry = source.entries[slot.index];
  if (entry === undefined) throw new Error(`no entry ${slot.index} at offset ${source.offset}`);
  return entry;
}

/** How a history section saves its sources: offset, roots, amulets read. */
export type SavedSource = readonly [
  offset: number,
  roots: readonly number[],
  held: readonly HeldAmulet[],
];

/**
 * Each party's slots as positions into one list of sources (each saved once, however many
 * wallets show its entries): per party, pairs of source position and entry index, flattened.
 */
export function saveSlots(byParty: ReadonlyMap<string, readonly EntrySlot[]>) {
  const positions = new Map<EntrySource, number>();
  const parties = [...byParty].map(([party, slots]) => {
    const flat: number[] = [];
    for (const { source, index } of slots) {
      let position = positions.get(source);
      if (position === undefined) {
        position = positions.size;
        positions.set(source, position);
      }
      flat.push(position, index);
    }
    return [party, flat] as const;
  });
  const sources = [...positions.keys()].map(
    ({ offset, roots, held }): SavedSource => [offset, roots, held],
  );
  return { sources, byParty: parties };
}

/** The slots `saveSlots` saved, by party, sharing their sources as the saved ones did. */
export function restoreSlots(saved: ReturnType<typeof saveSlots>): [string, EntrySlot[]][] {
  const sources = saved.sources.map(
    ([offset, roots, held]): EntrySource => ({ offset, roots, held, entries: null }),
  );
  return saved.byParty.map(([party, flat]) => {
    const slots: EntrySlot[] = [];
    for (let at = 0; at < flat.length; at += 2) {
      const source = sources[flat[at] as number];
      if (source === undefined) throw new Error(`the history section has no source ${flat[at]}`);
      slots.push({ source, index: flat[at + 1] as number });
    }
    return [party, slots];
  });
}
