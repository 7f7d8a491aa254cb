import {
  archivingNodeIn,
  type ExercisedNode,
  type JournalRecord,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import {
  type KeyedContracts,
  type SavedContractEvents,
  saveContractEvents,
} from './contract-events-section.ts';
import {
  type CreatedEvent,
  type CreatedRef,
  createdEventAt,
  createdRefOf,
} from './contract-refs.ts';
import {
  type ContractEventRefs,
  contractKeyOf,
  createRestoredContractEvents,
} from './restored-contract-events.ts';
import type { UpdateLog } from './update-log.projection.ts';

export type ContractEvents = {
  readonly created: CreatedEvent;
  readonly archived: { readonly record: TransactionRecord; readonly node: ExercisedNode } | null;
};

/**
 * Where each contract was created and archived: events-by-contract-id and contract lookups. It
 * keeps where the events are (offset and node), and reads them from the update log.
 */
export function createContractEventsIndex(updateLog: UpdateLog, undo: UndoLog) {
  // Contracts created since the node started (all of them, on a node that replayed its journal).
  const byId = undoableMap<string, ContractEventRefs>(undo);
  const restored = createRestoredContractEvents(updateLog, undo);
  const find = (contractId: string, exercised: boolean): ContractEventRefs | undefined =>
    byId.get(contractId) ?? restored.find(contractId, exercised);
  undo.section<SavedContractEvents>('projections.contract-events', {
    // The restored contracts were created first, and keep their place when archived.
    save: () =>
      saveContractEvents([
        ...restored.entries(),
        ...Array.from(byId, ([contractId, refs]): [string, KeyedContracts] => [
          contractKeyOf(contractId),
          refs,
        ]),
      ]),
    restore: restored.restore,
  });
  return {
    apply(record: JournalRecord) {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind === 'created') {
          byId.set(node.contractId, [createdRefOf(record.offset, node.nodeId), 0]);
        } else if (node.consuming) {
          const refs = byId.get(node.contractId);
          if (refs === undefined) restored.archive(node.contractId, record.offset);
          else if (refs[1] === 0) byId.set(node.contractId, [refs[0], record.offset]);
        }
      }
    },
    /** Where a contract a transaction exercised was created, as a ref. */
    createdRefOfExercised: (contractId: string): CreatedRef | undefined =>
      find(contractId, true)?.[0],
    get(contractId: string): ContractEvents | undefined {
      const refs = find(contractId, false);
      const created = refs && createdEventAt(updateLog, refs[0]);
      if (created === undefined || created.node.contractId !== contractId) return undefined;
      const archivedIn = updateLog.byOffset(refs?.[1] ?? 0);
      if (archivedIn?.type !== 'transaction') return { created, archived: null };
      const archived = archivingNodeIn(archivedIn, contractId);
      return { created, archived: archived ? { record: archivedIn, node: archived } : null };
    },
  };
}

export type ContractEventsIndex = ReturnType<typeof createContractEventsIndex>;
