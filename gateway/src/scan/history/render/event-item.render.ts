import type { TransactionNode, TransactionRecord } from '@pocketnet/ledger';
import type { HistoryItem } from '@pocketnet/runtime';
import { formatScanTime } from './record-time.ts';
import {
  isTransactionItem,
  type RenderOptions,
  renderUpdateItem,
  type TransactionItem,
} from './update-item.render.ts';

const unique = (parties: readonly string[]): string[] => [...new Set(parties)];

/** Who submitted: the Ledger API submission's actAs, else the root actions' actors. */
function submittingParties(record: TransactionRecord): string[] {
  if (record.submission) return [...record.submission.actAs];
  return unique(
    record.rootNodeIds.flatMap((id) => {
      const node = record.nodes[id];
      if (!node) return [];
      return node.kind === 'created' ? node.signatories : node.actingParties;
    }),
  );
}

const confirmingParties = (node: TransactionNode): string[] =>
  node.kind === 'created'
    ? unique(node.signatories)
    : unique([...node.signatories, ...node.actingParties]);

/**
 * The mediator's verdict on a transaction of the one-SV devnet: accepted, by mediator group 0,
 * with one view per root action, informing its witnesses and confirmed by its signatories and
 * actors.
 */
export function renderVerdict(item: TransactionItem, participantUid: string) {
  const { record } = item;
  const recordTime = formatScanTime(item.recordTimeMicros);
  const views = record.rootNodeIds.flatMap((nodeId, viewId) => {
    const node = record.nodes[nodeId];
    if (!node) return [];
    const parties = confirmingParties(node);
    return [
      {
        view_id: viewId,
        informees: unique(node.witnesses),
        confirming_parties: [{ parties, threshold: parties.length }],
        sub_views: [],
        view_hash: '',
      },
    ];
  });
  return {
    update_id: record.updateId,
    migration_id: item.migrationId,
    domain_id: record.synchronizerId,
    record_time: recordTime,
    finalization_time: recordTime,
    submitting_parties: submittingParties(record),
    submitting_participant_uid: participantUid,
    verdict_result: 'VERDICT_RESULT_ACCEPTED',
    mediator_group: 0,
    transaction_views: { views, root_views: views.map((view) => view.view_id) },
  };
}

/**
 * `/v0/events`: the update (as v2 renders it) together with its verdict; a reassignment has
 * no mediator verdict of a transaction, only its update.
 */
export function renderEventItem(
  item: HistoryItem,
  options: Omit<RenderOptions, 'version'> & { readonly participantUid: string },
) {
  const update = renderUpdateItem(item, { ...options, version: 'v2' });
  if (!isTransactionItem(item)) return { update };
  return { update, verdict: renderVerdict(item, options.participantUid) };
}
