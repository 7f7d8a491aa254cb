import {
  type CreatedNode,
  encodeContractBlob,
  type JournalRecord,
  type StateSection,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import { externalPartySetupProposalTemplate } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import {
  createdIn,
  createRestoreOnUse,
  type NodeAt,
  positionsOf,
} from '../wallet/saved-contracts.ts';
import type { ContractView } from '../wallet/wallet-views.ts';

const proposalName = 'Splice.AmuletRules:ExternalPartySetupProposal';
const isProposal = (node: CreatedNode) =>
  node.packageName === 'splice-amulet' && node.templateId.endsWith(`:${proposalName}`);

/** The projection's state section: the active proposals by where they were created, oldest first. */
export type SavedSetupProposals = readonly NodeAt[];

/** The active ExternalPartySetupProposals, followed on the bus from the start of the journal. */
export function createSetupProposals(records$: Observable<JournalRecord>, undo: UndoLog) {
  type Proposal = { node: CreatedNode; synchronizerId: string; offset: number };
  // Served oldest first: a proposal a rollback brings back goes back in its place.
  const active = undoableMap<string, Proposal>(undo, {
    order: ([, left], [, right]) =>
      left.offset - right.offset || left.node.nodeId - right.node.nodeId,
  });
  const restored = createRestoreOnUse<{ proposals: SavedSetupProposals }>(
    undo,
    (saved, transactions) => {
      for (const at of saved.proposals) {
        const { record, node } = createdIn(transactions, at);
        const proposal = { node, synchronizerId: record.synchronizerId, offset: record.offset };
        active.set(node.contractId, proposal);
      }
    },
  );
  const section: StateSection<SavedSetupProposals> = {
    save: () => restored.saved()?.proposals ?? positionsOf(active.values()),
    restore: (proposals, history) => restored.restore({ proposals }, history),
  };
  const subscription = records$.subscribe((record) => {
    restored.ensure();
    if (record.type !== 'transaction') return;
    for (const node of record.nodes) {
      if (node.kind === 'created' && isProposal(node)) {
        active.set(node.contractId, {
          node,
          synchronizerId: record.synchronizerId,
          offset: record.offset,
        });
      } else if (node.kind === 'exercised' && node.consuming) {
        active.delete(node.contractId);
      }
    }
  });
  const viewOf = ({
    node,
    synchronizerId,
  }: {
    node: CreatedNode;
    synchronizerId: string;
  }): ContractView => ({
    templateId: node.templateId,
    contractId: node.contractId,
    payload: node.createArgument,
    createdEventBlob: encodeContractBlob(node),
    createdAt: node.createdAt,
    synchronizerId,
  });
  return {
    /** The proposals a validator made, oldest first. */
    ofValidator(validator: string): ContractView[] {
      restored.ensure();
      return [...active.values()]
        .filter(
          ({ node }) =>
            payloadOf(externalPartySetupProposalTemplate, node.createArgument).validator ===
            validator,
        )
        .map(viewOf);
    },
    get(contractId: string) {
      restored.ensure();
      return active.get(contractId)?.node;
    },
    /** What a state file saves of the projection, registered under its participant. */
    section,
    close: () => subscription.unsubscribe(),
  };
}

export type SetupProposals = ReturnType<typeof createSetupProposals>;
