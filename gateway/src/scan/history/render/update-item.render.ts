import type {
  CreatedNode,
  ExercisedNode,
  ReassignmentRecord,
  TransactionRecord,
} from '@pocketnet/ledger';
import { externalHashOf, type HistoryItem } from '@pocketnet/runtime';
import type { DamlValueEncoding, EventValues } from './event-values.ts';
import { formatScanTime } from './record-time.ts';

/**
 * Which dialect of Splice's update history: v0 prefixes event ids with `#` and reports the
 * participant's offset; v1 keeps the offset field at a constant 1 so that every SV answers
 * alike; v2 drops it.
 */
export type HistoryVersion = 'v0' | 'v1' | 'v2';

export type RenderOptions = {
  readonly version: HistoryVersion;
  readonly encoding: DamlValueEncoding;
  readonly values: EventValues;
};

/** Splice's LegacyOffset: a version byte 0 and the offset as 8 big-endian bytes, in hex. */
export const legacyOffset = (offset: number): string =>
  `00${offset.toString(16).padStart(16, '0')}`;

const sortedParties = (parties: readonly string[]): readonly string[] =>
  parties.every((party, index) => index === 0 || (parties[index - 1] ?? '') <= party)
    ? parties
    : [...parties].sort();

// Node ids in the lexicographic order of their event ids ("0", "1", "10", "2", ...), per count.
const lexicographicOrders = new Map<number, readonly number[]>();
function lexicographicOrder(count: number): readonly number[] {
  let order = lexicographicOrders.get(count);
  if (!order) {
    order = Array.from({ length: count }, (_, id) => id).sort((a, b) =>
      String(a) < String(b) ? -1 : 1,
    );
    lexicographicOrders.set(count, order);
  }
  return order;
}

export function renderCreatedEvent(eventId: string, node: CreatedNode, options: RenderOptions) {
  return {
    event_type: 'created_event',
    event_id: eventId,
    contract_id: node.contractId,
    template_id: node.templateId,
    package_name: node.packageName,
    create_arguments: options.values.createArguments(node, options.encoding),
    created_at: node.createdAt,
    signatories: sortedParties(node.signatories),
    observers: sortedParties(node.observers),
  };
}

function renderExercisedEvent(
  eventIdOf: (nodeId: number) => string,
  node: ExercisedNode,
  options: RenderOptions,
) {
  return {
    event_type: 'exercised_event',
    event_id: eventIdOf(node.nodeId),
    contract_id: node.contractId,
    template_id: node.templateId,
    package_name: node.packageName,
    choice: node.choice,
    choice_argument: options.values.choiceArgument(node, options.encoding),
    child_event_ids: node.childNodeIds.map(eventIdOf),
    exercise_result: options.values.exerciseResult(node, options.encoding),
    consuming: node.consuming,
    acting_parties: node.actingParties,
    ...(node.interfaceId ? { interface_id: node.interfaceId } : {}),
  };
}

function renderEventsById(record: TransactionRecord, options: RenderOptions) {
  const prefix = options.version === 'v0' ? `#${record.updateId}:` : `${record.updateId}:`;
  const eventIdOf = (nodeId: number) => `${prefix}${nodeId}`;
  const eventsById: Record<string, object> = {};
  for (const nodeId of lexicographicOrder(record.nodes.length)) {
    const node = record.nodes[nodeId];
    if (!node) continue;
    eventsById[eventIdOf(nodeId)] =
      node.kind === 'created'
        ? renderCreatedEvent(eventIdOf(nodeId), node, options)
        : renderExercisedEvent(eventIdOf, node, options);
  }
  return { rootEventIds: record.rootNodeIds.map(eventIdOf), eventsById };
}

export type TransactionItem = HistoryItem & { readonly record: TransactionRecord };
export type ReassignmentItem = HistoryItem & { readonly record: ReassignmentRecord };

export const isTransactionItem = (item: HistoryItem): item is TransactionItem =>
  item.record.type === 'transaction';

/**
 * A reassignment as Splice's UpdateHistoryReassignment: one event, an assignment (with the
 * contract's create) or an unassignment, at the participant's offset of the reassignment.
 * Splice's history has one contract per reassignment; of a batch, the first is shown.
 */
function renderReassignmentItem(item: ReassignmentItem, options: RenderOptions) {
  const { record, migrationId } = item;
  const [first] = record.events;
  if (first === undefined) throw new Error(`reassignment ${record.updateId} moves no contract`);
  const common = {
    submitter: record.submitter,
    source_synchronizer: record.source,
    target_synchronizer: record.target,
    migration_id: migrationId,
    unassign_id: record.reassignmentId,
    reassignment_counter: first.reassignmentCounter,
  };
  const eventId = `${options.version === 'v0' ? '#' : ''}${record.updateId}:0`;
  const created = { ...first.contract, nodeId: 0 };
  return {
    update_id: record.updateId,
    offset: legacyOffset(record.offset),
    record_time: formatScanTime(item.recordTimeMicros),
    event:
      record.kind === 'unassign'
        ? { ...common, contract_id: first.contractId }
        : { ...common, created_event: renderCreatedEvent(eventId, created, options) },
  };
}

/** One update of the history (a transaction or a reassignment) in the version asked for. */
export function renderUpdateItem(item: HistoryItem, options: RenderOptions) {
  return isTransactionItem(item)
    ? renderTransactionItem(item, options)
    : renderReassignmentItem(item as ReassignmentItem, options);
}

function renderTransactionItem(item: TransactionItem, options: RenderOptions) {
  const { record } = item;
  const { rootEventIds, eventsById } = renderEventsById(record, options);
  const hash = externalHashOf(record);
  return {
    update_id: record.updateId,
    migration_id: item.migrationId,
    workflow_id: record.workflowId,
    record_time: formatScanTime(item.recordTimeMicros),
    synchronizer_id: record.synchronizerId,
    effective_at: record.effectiveAt,
    ...(options.version === 'v2'
      ? {}
      : { offset: legacyOffset(options.version === 'v1' ? 1 : record.offset) }),
    root_event_ids: rootEventIds,
    events_by_id: eventsById,
    ...(hash === null ? {} : { external_transaction_hash: hash }),
  };
}

export type RenderedUpdate = ReturnType<typeof renderTransactionItem>;
