import { encodeContractBlob } from '@pocketnet/ledger';
import type { EventView, TopologyView, TransactionView, UpdateView } from '@pocketnet/runtime';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import {
  type ContractRow,
  contractOfEventRow,
  type EventRow,
  eventRowsOf,
} from '../graphql-rows.ts';
import type { ResolverMap } from './resolver-types.ts';

type ExercisedNode = Extract<EventView, { kind: 'exercised' | 'archived' }>['node'];
type PartyDetails = { localMetadata: { annotations: Readonly<Record<string, string>> } };
type UpdatesPage = {
  updates: readonly UpdateView[];
  lowestPageOffsetExclusive: number;
  highestPageOffsetInclusive: number;
  nextPageToken: string | null;
};

/** The command id is shown only to readers among the submitting parties (as in Canton). */
function commandIdOf(view: TransactionView): string {
  const submitters = view.record.submission?.actAs ?? [];
  const isSubmitter = view.events.some((event) =>
    event.witnessParties.some((party) => submitters.includes(party)),
  );
  return isSubmitter ? (view.record.submission?.commandId ?? '') : '';
}

function exercised(row: EventRow): ExercisedNode {
  if (row.event.kind === 'created') throw new Error('a created event has no exercise');
  return row.event.node;
}

const eventFields = {
  nodeId: (row: EventRow) => row.event.node.nodeId,
  contractId: (row: EventRow) => row.event.node.contractId,
  templateId: (row: EventRow) => row.event.node.templateId,
  packageName: (row: EventRow) => row.event.node.packageName,
  witnessParties: (row: EventRow) => row.event.witnessParties,
};

/** A contract, whichever read produced it. */
const contractType = {
  contractId: (row: ContractRow) => row.event.node.contractId,
  templateId: (row: ContractRow) => row.event.node.templateId,
  packageName: (row: ContractRow) => row.event.node.packageName,
  payload: (row: ContractRow) => row.event.node.createArgument,
  contractKey: (row: ContractRow) => row.event.node.contractKey,
  signatories: (row: ContractRow) => row.event.node.signatories,
  observers: (row: ContractRow) => row.event.node.observers,
  witnessParties: (row: ContractRow) => row.event.witnessParties,
  createdAt: (row: ContractRow) => row.event.node.createdAt,
  createdOffset: (row: ContractRow) => row.offset,
  createdEventBlob: (row: ContractRow) => encodeContractBlob(row.event.node),
  interfaceViews: (row: ContractRow) =>
    row.event.interfaceViews.map((view) => ({
      interfaceId: view.interfaceId,
      view: view.viewValue,
    })),
  archived: async (row: ContractRow, _: unknown, { loaders }: Ctx) => {
    if (row.archived !== undefined) return row.archived;
    const { contractId } = row.event.node;
    const events = await loaders.contractEvents.load({
      contractId,
      readers: row.event.witnessParties,
    });
    return events.archived;
  },
  actor: (row: ContractRow, _: unknown, { loaders }: Ctx) =>
    loaders.actorByContract.load(row.event.node.contractId),
};

/** The events of a transaction. */
const eventTypes = {
  Event: {
    __resolveType: (row: EventRow) =>
      row.event.kind === 'created'
        ? 'CreatedEvent'
        : row.event.kind === 'archived'
          ? 'ArchivedEvent'
          : 'ExercisedEvent',
  },
  CreatedEvent: { ...eventFields, contract: contractOfEventRow },
  ArchivedEvent: {
    ...eventFields,
    choice: (row: EventRow) => exercised(row).choice,
    actingParties: (row: EventRow) => exercised(row).actingParties,
  },
  ExercisedEvent: {
    ...eventFields,
    interfaceId: (row: EventRow) => exercised(row).interfaceId,
    choice: (row: EventRow) => exercised(row).choice,
    choiceArgument: (row: EventRow) => exercised(row).choiceArgument,
    actingParties: (row: EventRow) => exercised(row).actingParties,
    consuming: (row: EventRow) => exercised(row).consuming,
    exerciseResult: (row: EventRow) => exercised(row).exerciseResult,
    lastDescendantNodeId: (row: EventRow) => exercised(row).lastDescendantNodeId,
  },
};

/** Updates, pages of them, and what a submission answers. */
const updateTypes = {
  Update: {
    __resolveType: (view: UpdateView) =>
      view.type === 'transaction' ? 'Transaction' : 'TopologyTransaction',
  },
  Transaction: {
    updateId: (view: TransactionView) => view.record.updateId,
    commandId: commandIdOf,
    workflowId: (view: TransactionView) => view.record.workflowId,
    offset: (view: TransactionView) => view.record.offset,
    effectiveAt: (view: TransactionView) => view.record.effectiveAt,
    recordTime: (view: TransactionView) => view.record.recordTime,
    synchronizerId: (view: TransactionView) => view.record.synchronizerId,
    events: eventRowsOf,
  },
  TopologyTransaction: {
    updateId: (view: TopologyView) => view.record.updateId,
    offset: (view: TopologyView) => view.record.offset,
    recordTime: (view: TopologyView) => view.record.recordTime,
    synchronizerId: (view: TopologyView) => view.record.synchronizerId,
    participantId: (view: TopologyView) => view.record.participantId,
    parties: (view: TopologyView) => view.parties,
  },
  UpdatesPage: {
    lowestOffsetExclusive: (page: UpdatesPage) => page.lowestPageOffsetExclusive,
    highestOffsetInclusive: (page: UpdatesPage) => page.highestPageOffsetInclusive,
  },
  SubmitResult: {
    updateId: (result: { record: { updateId: string } }) => result.record.updateId,
    completionOffset: (result: { record: { offset: number } }) => result.record.offset,
  },
};

/** The object types of the ledger part: contracts, events, updates, parties. */
export function ledgerTypeResolvers(): ResolverMap {
  return {
    Party: { annotations: (party: PartyDetails) => party.localMetadata.annotations },
    Contract: contractType,
    ...eventTypes,
    ...updateTypes,
  };
}
