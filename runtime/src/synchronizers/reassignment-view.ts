import type { ReassignmentEvent, ReassignmentRecord } from '@pocketnet/ledger';
import { stakeholdersOf } from '../projections/active-contracts.projection.ts';
import { type EventFilter, matchingParties } from '../views/event-filter.ts';
import type { TemplateCatalog } from '../views/template-catalog.ts';
import { createdView, type EventView } from '../views/transaction-view.ts';

/** One event of a reassignment as a reader sees it: to its stakeholders the filter selects. */
export type ReassignmentEventView = {
  readonly event: ReassignmentEvent;
  /** Its position in the reassignment (the events' node id). */
  readonly nodeId: number;
  readonly witnessParties: readonly string[];
  /** The contract's create as an assigned event carries it; null for an unassignment. */
  readonly created: (EventView & { readonly kind: 'created' }) | null;
};

export type ReassignmentView = {
  readonly record: ReassignmentRecord;
  readonly events: readonly ReassignmentEventView[];
};

/**
 * The part of a reassignment a filter may see: each moved contract to those of its
 * stakeholders the filter selects for its template. Null when it sees none.
 */
export function viewReassignment(
  record: ReassignmentRecord,
  filter: EventFilter,
  catalog: TemplateCatalog,
): ReassignmentView | null {
  const events: ReassignmentEventView[] = [];
  record.events.forEach((event, nodeId) => {
    const { contract } = event;
    const matched = matchingParties(filter, stakeholdersOf(contract), contract.templateId, catalog);
    if (!matched) return;
    const assigned = record.kind === 'assign';
    const view = assigned
      ? createdView(contract, matched.parties, true, matched.match, catalog)
      : null;
    const created = view?.kind === 'created' ? view : null;
    events.push({ event, nodeId, witnessParties: matched.parties, created });
  });
  return events.length === 0 ? null : { record, events };
}
