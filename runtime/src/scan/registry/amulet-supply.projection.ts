import {
  type CreatedNode,
  formatNumeric,
  type JournalRecord,
  parseNumeric,
  type UndoLog,
} from '@pocketnet/ledger';
import type { ContractEventsIndex } from '../../projections/contract-events.projection.ts';
import { amuletTemplates } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import { referenceOf, registryReferences } from './registry-references.ts';

// The amulet in existence: the sum of every active Amulet's and LockedAmulet's amount, kept as
// the journal goes by, and the record time of the ledger state it sums.

const amounts: ReadonlyMap<string, (node: CreatedNode) => string> = new Map([
  [
    registryReferences.amulet,
    (node: CreatedNode) =>
      payloadOf(amuletTemplates.Amulet, node.createArgument).amount.initialAmount,
  ],
  [
    registryReferences.lockedAmulet,
    (node: CreatedNode) =>
      payloadOf(amuletTemplates.LockedAmulet, node.createArgument).amulet.amount.initialAmount,
  ],
]);

/** An amulet's (or locked amulet's) initial amount, or 0 for any other contract. */
function amountOf(node: CreatedNode): bigint {
  const amount = amounts.get(referenceOf(node));
  return amount === undefined ? 0n : parseNumeric(amount(node));
}

const isAmulet = (node: { readonly packageName: string; readonly templateId: string }) =>
  amounts.has(referenceOf(node));

export type AmuletSupply = { readonly amount: bigint; readonly asOf: string };

/** The section `scan.registry.supply`: the amount as Numeric 10 text, and its record time. */
type SavedSupply = { readonly amount: string; readonly asOf: string | null };

/** Archived contracts are read back from the contract events index, which the node fills first. */
export function createAmuletSupply(contractEvents: ContractEventsIndex, undo: UndoLog) {
  const state: { amount: bigint; asOf: string | null } = { amount: 0n, asOf: null };
  return {
    apply(record: JournalRecord): void {
      if (record.type !== 'transaction') return;
      let { amount } = state;
      for (const node of record.nodes) {
        if (node.kind === 'created') {
          amount += amountOf(node);
        } else if (node.consuming && isAmulet(node)) {
          const created = contractEvents.get(node.contractId)?.created.node;
          amount -= created === undefined ? 0n : amountOf(created);
        }
      }
      undo.assign(state, 'asOf', record.recordTime);
      undo.assign(state, 'amount', amount);
    },
    /** Null before the first transaction. */
    current: (): AmuletSupply | null =>
      state.asOf === null ? null : { amount: state.amount, asOf: state.asOf },
    save: (): SavedSupply => ({ amount: formatNumeric(state.amount), asOf: state.asOf }),
    restore(saved: SavedSupply): void {
      state.amount = parseNumeric(saved.amount);
      state.asOf = saved.asOf;
    },
  };
}
