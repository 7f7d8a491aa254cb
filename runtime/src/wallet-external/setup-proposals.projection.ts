import {
  type CreatedNode,
  encodeContractBlob,
  type JournalRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import { externalPartySetupProposalTemplate } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { ContractView } from '../wallet/wallet-views.ts';

const proposalName = 'Splice.AmuletRules:ExternalPartySetupProposal';
const isProposal = (node: CreatedNode) =>
  node.packageName === 'splice-amulet' && node.templateId.endsWith(`:${proposalName}`);

/** The active ExternalPartySetupProposals, followed on the bus from the start of the journal. */
export function createSetupProposals(records$: Observable<JournalRecord>, undo: UndoLog) {
  type Proposal = { node: CreatedNode; synchronizerId: string; offset: number };
  // Served oldest first: a proposal a rollback brings back goes back in its place.
  const active = undoableMap<string, Proposal>(undo, {
    order: ([, left], [, right]) =>
      left.offset - right.offset || left.node.nodeId - right.node.nodeId,
  });
  const subscription = records$.subscribe((record) => {
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
    ofValidator: (validator: string): ContractView[] =>
      [...active.values()]
        .filter(
          ({ node }) =>
            payloadOf(externalPartySetupProposalTemplate, node.createArgument).validator ===
            validator,
        )
        .map(viewOf),
    get: (contractId: string) => active.get(contractId)?.node,
    close: () => subscription.unsubscribe(),
  };
}

export type SetupProposals = ReturnType<typeof createSetupProposals>;
