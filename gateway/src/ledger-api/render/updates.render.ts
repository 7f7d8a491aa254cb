import type { TopologyView, TransactionView, UpdateView } from '@pocketnet/runtime';
import { renderEvent, renderTreeEvent } from './events.render.ts';
import { renderReassignment } from './reassignment.render.ts';

function header(view: TransactionView) {
  const { record } = view;
  const submitters = record.submission?.actAs ?? [];
  // The command id is shown only to readers among the submitting parties.
  const isSubmitter = view.events.some((event) =>
    event.witnessParties.some((party) => submitters.includes(party)),
  );
  return {
    updateId: record.updateId,
    commandId: isSubmitter ? (record.submission?.commandId ?? '') : '',
    workflowId: record.workflowId,
    effectiveAt: record.effectiveAt,
    offset: record.offset,
    synchronizerId: record.synchronizerId,
    recordTime: record.recordTime,
    // Set for a transaction its parties signed themselves (interactive submission).
    ...(record.external ? { externalTransactionHash: record.external.transactionHash } : {}),
    traceContext: { traceparent: '', tracestate: '' },
  };
}

export function renderTransaction(view: TransactionView) {
  const { offset } = view.record;
  return { ...header(view), events: view.events.map((event) => renderEvent(event, offset)) };
}

/** A transaction none of whose events the reader may see: its header, without a command id. */
export function renderEmptyTransaction(record: {
  updateId: string;
  offset: number;
  synchronizerId: string;
  effectiveAt: string;
  recordTime: string;
  workflowId: string;
}) {
  return {
    updateId: record.updateId,
    commandId: '',
    workflowId: record.workflowId,
    effectiveAt: record.effectiveAt,
    offset: record.offset,
    synchronizerId: record.synchronizerId,
    recordTime: record.recordTime,
    events: [],
  };
}

export function renderTransactionTree(view: TransactionView) {
  const { offset } = view.record;
  const eventsById: Record<string, unknown> = {};
  for (const event of view.events) eventsById[event.node.nodeId] = renderTreeEvent(event, offset);
  const { traceContext, externalTransactionHash: _hash, ...rest } = header(view);
  return { ...rest, eventsById, traceContext };
}

export function renderTopologyTransaction(view: TopologyView) {
  const { record } = view;
  return {
    updateId: record.updateId,
    offset: record.offset,
    synchronizerId: record.synchronizerId,
    recordTime: record.recordTime,
    events: view.parties.map((partyId) => ({
      event: {
        ParticipantAuthorizationAdded: {
          value: {
            partyId,
            participantId: record.participantId,
            participantPermission: 'PARTICIPANT_PERMISSION_SUBMISSION',
          },
        },
      },
    })),
    traceContext: { traceparent: '', tracestate: '' },
  };
}

/** The Ledger API's `Update` union. */
export function renderUpdate(view: UpdateView) {
  if (view.type === 'transaction') return { Transaction: { value: renderTransaction(view) } };
  if (view.type === 'reassignment') return { Reassignment: { value: renderReassignment(view) } };
  return { TopologyTransaction: { value: renderTopologyTransaction(view) } };
}

/** The legacy `Update` union of the trees stream. */
export function renderTreeUpdate(view: UpdateView) {
  if (view.type === 'transaction')
    return { TransactionTree: { value: renderTransactionTree(view) } };
  if (view.type === 'reassignment') return { Reassignment: { value: renderReassignment(view) } };
  return null;
}
