import {
  type CreatedNode,
  type ExercisedNode,
  type JournalHistory,
  type JournalRecord,
  type TransactionNode,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import { externalPartyAmuletRulesTemplates } from '../../vocabulary/splice-templates.ts';
import { resultOf } from '../../vocabulary/typed-commands.ts';
import { createdNodeAt, type NodeLocation } from '../journal-locations.ts';
import type { RecordPlace } from './network-contracts.projection.ts';
import { createReferenceCache, networkReferences, type ReferenceOf } from './network-references.ts';

const commandChoices = externalPartyAmuletRulesTemplates.TransferCommand.choices;

/** Where a TransferCommand stands, as Splice's Scan reports it. */
export type TransferCommandStatus =
  | { readonly status: 'created' }
  | { readonly status: 'sent' }
  | {
      readonly status: 'failed';
      readonly failureKind: 'failed' | 'expired' | 'withdrawn';
      readonly reason: string;
    };

export type TransferCommandEntry = {
  readonly node: CreatedNode;
  readonly synchronizerId: string;
  /** Where its created node is in the journal: what a state section saves of it. */
  readonly location: NodeLocation;
  status: TransferCommandStatus;
};

/** The section `scan.network.transfer-commands`: every command in creation order. */
type SavedCommands = readonly (readonly [
  journalIndex: number,
  nodeIndex: number,
  synchronizerId: string,
  status: TransferCommandStatus,
])[];

// At most this many commands per sender and nonce, as Splice's Scan answers.
const maxCommandsPerNonce = 100;

function outcomeOf(node: ExercisedNode): TransferCommandStatus {
  if (node.choice === commandChoices.TransferCommand_Withdraw.name) {
    return { status: 'failed', failureKind: 'withdrawn', reason: 'Withdrawn by the sender' };
  }
  if (node.choice === commandChoices.TransferCommand_Expire.name) {
    return { status: 'failed', failureKind: 'expired', reason: 'The command expired' };
  }
  if (node.choice !== commandChoices.TransferCommand_Send.name) return { status: 'sent' };
  const { result } = resultOf(commandChoices.TransferCommand_Send, node.exerciseResult);
  if (result.tag === 'TransferCommandResultFailure') {
    return {
      status: 'failed',
      failureKind: 'failed',
      reason: JSON.stringify(result.value ?? null),
    };
  }
  return { status: 'sent' };
}

const keyOf = (sender: string, nonce: string) => `${sender}\n${nonce}`;

/**
 * Splice's transfer commands (the deprecated external-party send path) with their outcome:
 * created while active, then sent or failed by the choice that consumed them.
 */
export function createTransferCommands(
  undo: UndoLog,
  referenceOf: ReferenceOf = createReferenceCache(),
) {
  const byId = undoableMap<string, TransferCommandEntry>(undo);
  const bySenderAndNonce = undoableMap<string, TransferCommandEntry[]>(undo);
  const add = (entry: TransferCommandEntry) => {
    byId.set(entry.node.contractId, entry);
    const { sender, nonce } = entry.node.createArgument;
    const key = keyOf(String(sender), String(nonce));
    bySenderAndNonce.set(key, [...(bySenderAndNonce.get(key) ?? []), entry]);
  };
  const onNode = (reference: string, node: TransactionNode, place: RecordPlace) => {
    if (reference !== networkReferences.transferCommand) return;
    if (node.kind === 'created') {
      const { synchronizerId, journalIndex } = place;
      const location = [journalIndex, node.nodeId] as const;
      add({ node, synchronizerId, location, status: { status: 'created' } });
    } else if (node.consuming) {
      const entry = byId.get(node.contractId);
      if (entry) undo.assign(entry, 'status', outcomeOf(node));
    }
  };
  return {
    /** One node of a committed transaction, its template's reference already known. */
    onNode,
    /** A whole record, at `journalIndex` of the journal (tests; the node projects by node). */
    apply(record: JournalRecord, journalIndex: number): void {
      if (record.type !== 'transaction') return;
      const place = { synchronizerId: record.synchronizerId, journalIndex };
      for (const node of record.nodes) onNode(referenceOf(node), node, place);
    },
    /** The newest commands of a sender with a nonce, at most a hundred. */
    of(sender: string, nonce: bigint): readonly TransferCommandEntry[] {
      return (bySenderAndNonce.get(keyOf(sender, nonce.toString())) ?? []).slice(
        -maxCommandsPerNonce,
      );
    },
    save: (): SavedCommands =>
      [...byId.values()].map(({ location, synchronizerId, status }) => [
        location[0],
        location[1],
        synchronizerId,
        status,
      ]),
    restore(saved: SavedCommands, history: JournalHistory): void {
      for (const [journalIndex, nodeIndex, synchronizerId, status] of saved) {
        const location = [journalIndex, nodeIndex] as const;
        add({ node: createdNodeAt(history, location), synchronizerId, location, status });
      }
    },
  };
}

export type TransferCommands = ReturnType<typeof createTransferCommands>;
