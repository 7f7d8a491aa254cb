import type { ReassignmentRecord } from '@pocketnet/ledger';
import type { ReassignmentEventView, ReassignmentView } from '@pocketnet/runtime';
import { renderCreatedEvent } from './events.render.ts';

type MovedContract = ReassignmentRecord['events'][number];

/** UnassignedEvent: the contract leaves its synchronizer (and is in flight until assigned). */
export function renderUnassignedEvent(
  record: ReassignmentRecord,
  moved: MovedContract,
  placement: { readonly nodeId: number; readonly witnessParties: readonly string[] },
) {
  return {
    reassignmentId: record.reassignmentId,
    contractId: moved.contractId,
    templateId: moved.contract.templateId,
    source: record.source,
    target: record.target,
    submitter: record.submitter,
    reassignmentCounter: moved.reassignmentCounter,
    witnessParties: placement.witnessParties,
    packageName: moved.contract.packageName,
    offset: record.offset,
    nodeId: placement.nodeId,
  };
}

/** One element of JsReassignment's events: a JsAssignmentEvent or a JsUnassignedEvent. */
function renderReassignmentEvent(record: ReassignmentRecord, view: ReassignmentEventView) {
  if (view.created === null) {
    return { JsUnassignedEvent: { value: renderUnassignedEvent(record, view.event, view) } };
  }
  return {
    JsAssignmentEvent: {
      source: record.source,
      target: record.target,
      reassignmentId: record.reassignmentId,
      submitter: record.submitter,
      reassignmentCounter: view.event.reassignmentCounter,
      // Its offset is the assignment's, its node id the position within the batch.
      createdEvent: { ...renderCreatedEvent(view.created, record.offset), nodeId: view.nodeId },
    },
  };
}

/**
 * JsReassignment: the command id shows only to the submitting party, the workflow id only
 * when the command set one.
 */
export function renderReassignment(view: ReassignmentView) {
  const { record } = view;
  const isSubmitter = view.events.some((event) => event.witnessParties.includes(record.submitter));
  return {
    updateId: record.updateId,
    ...(isSubmitter ? { commandId: record.submission.commandId } : {}),
    ...(record.workflowId === '' ? {} : { workflowId: record.workflowId }),
    offset: record.offset,
    events: view.events.map((event) => renderReassignmentEvent(record, event)),
    traceContext: { traceparent: '', tracestate: '' },
    recordTime: record.recordTime,
    synchronizerId: record.synchronizerId,
  };
}
