import type { LedgerRecord, TopologyRecord } from '@pocketnet/ledger';
import { type ReassignmentView, viewReassignment } from '../synchronizers/reassignment-view.ts';
import { type EventFilter, hostedOn } from '../views/event-filter.ts';
import type { TemplateCatalog } from '../views/template-catalog.ts';
import {
  type TransactionShape,
  type TransactionView,
  viewTransaction,
} from '../views/transaction-view.ts';

/** Which kinds of update a reader asked for (the Ledger API's UpdateFormat). */
export type UpdateFormat = {
  readonly transactions: { readonly filter: EventFilter; readonly shape: TransactionShape } | null;
  /** Parties whose topology events to include; an empty list means every party. */
  readonly topologyParties: readonly string[] | null;
  /** Whose (un)assignments to include (issue 10); none when absent or null. */
  readonly reassignments?: EventFilter | null;
  /** Among several participants: whether this one hosts a party (its topology events only). */
  readonly hosts?: (party: string) => boolean;
};

export type TopologyView = { readonly record: TopologyRecord; readonly parties: readonly string[] };

export type UpdateView =
  | ({ readonly type: 'transaction' } & TransactionView)
  | ({ readonly type: 'topology' } & TopologyView)
  | ({ readonly type: 'reassignment' } & ReassignmentView);

export function viewUpdate(
  record: LedgerRecord,
  format: UpdateFormat,
  catalog: TemplateCatalog,
): UpdateView | null {
  if (record.type === 'transaction') {
    if (!format.transactions) return null;
    const { filter, shape } = format.transactions;
    const view = viewTransaction(record, filter, shape, catalog);
    return view ? { type: 'transaction', ...view } : null;
  }
  if (record.type === 'reassignment') {
    const view = format.reassignments
      ? viewReassignment(record, format.reassignments, catalog)
      : null;
    return view ? { type: 'reassignment', ...view } : null;
  }
  if (record.type === 'topology' && format.topologyParties) {
    const wanted = format.topologyParties;
    const hosted = format.hosts ? record.parties.filter(format.hosts) : record.parties;
    const parties = wanted.length === 0 ? hosted : hosted.filter((p) => wanted.includes(p));
    return parties.length > 0 ? { type: 'topology', record, parties } : null;
  }
  return null;
}

/** The parties an update format reads for; null when it reads for any party. */
export function formatParties(format: UpdateFormat): string[] | null {
  const parties = new Set<string>();
  if (format.transactions) {
    if (format.transactions.filter.anyParty) return null;
    for (const party of format.transactions.filter.byParty.keys()) parties.add(party);
  }
  if (format.reassignments) {
    if (format.reassignments.anyParty) return null;
    for (const party of format.reassignments.byParty.keys()) parties.add(party);
  }
  if (format.topologyParties) {
    if (format.topologyParties.length === 0) return null;
    for (const party of format.topologyParties) parties.add(party);
  }
  return [...parties];
}

/** `format` as read on a participant that hosts the parties `hosts` accepts (all when null). */
export function formatHostedOn(
  format: UpdateFormat,
  hosts: ((party: string) => boolean) | null,
): UpdateFormat {
  if (!hosts) return format;
  const { transactions, reassignments } = format;
  return {
    ...format,
    hosts,
    transactions: transactions && { ...transactions, filter: hostedOn(transactions.filter, hosts) },
    reassignments: reassignments ? hostedOn(reassignments, hosts) : null,
  };
}
