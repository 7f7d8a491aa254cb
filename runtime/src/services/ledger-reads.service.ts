import {
  DomainError,
  type LedgerRecord,
  type ParticipantState,
  type ReassignmentRecord,
} from '@pocketnet/ledger';
import { filter, map, type Observable } from 'rxjs';
import {
  type ActiveContracts,
  stakeholdersOf,
} from '../projections/active-contracts.projection.ts';
import type { UpdateLog } from '../projections/update-log.projection.ts';
import { locationsAt } from '../synchronizers/contract-locations.ts';
import type { Synchronizers } from '../synchronizers/synchronizers.projection.ts';
import {
  type EventFilter,
  filterParties,
  hostedOn,
  matchingParties,
} from '../views/event-filter.ts';
import type { TemplateCatalog } from '../views/template-catalog.ts';
import { createdView, type EventView } from '../views/transaction-view.ts';
import { accessOf, type Caller, requireReadAs } from './caller.ts';
import { historicActiveContracts } from './historic-acs.ts';
import {
  formatHostedOn,
  formatParties,
  type UpdateFormat,
  type UpdateView,
  viewUpdate,
} from './update-views.ts';
import { pageOfUpdates, type UpdatesPage, type UpdatesPageRequest } from './updates-page.ts';

export type LedgerReadsDeps = {
  readonly participant: ParticipantState;
  readonly updateLog: UpdateLog;
  readonly activeContracts: ActiveContracts;
  readonly catalog: TemplateCatalog;
  readonly synchronizer: { readonly id: string; readonly alias: string };
  /** Every synchronizer of the node and where contracts are (issue 10). */
  readonly synchronizers?: Synchronizers;
  /** Among several participants, whether this one hosts a party; null when it is alone. */
  readonly hosts?: ((party: string) => boolean) | null;
};

export type ActiveContractView = {
  readonly event: EventView & { readonly kind: 'created' };
  readonly synchronizerId: string;
  readonly offset: number;
  /** 0 at creation, +1 per unassignment. */
  readonly reassignmentCounter: number;
  /** The unassignment it is in flight by, or null when it is assigned to `synchronizerId`. */
  readonly unassignment: ReassignmentRecord | null;
};

export function createLedgerReads(deps: LedgerReadsDeps) {
  const { updateLog, catalog } = deps;
  const hosts = deps.hosts ?? null;

  const checkOffset = (offset: number, what: string) => {
    if (offset < 0) throw new DomainError('INVALID_ARGUMENT', `${what} must not be negative`);
    if (offset > updateLog.ledgerEnd()) {
      throw new DomainError(
        'OFFSET_AFTER_LEDGER_END',
        `${what} (${offset}) is after the ledger end (${updateLog.ledgerEnd()})`,
      );
    }
  };

  const service = {
    ledgerEnd(caller: Caller) {
      accessOf(caller, deps.participant);
      return updateLog.ledgerEnd();
    },

    /**
     * The synchronizers the participant (or the given party) is connected to. The participant's
     * own admin party, named like the participant, is hosted implicitly, as in Canton.
     */
    connectedSynchronizers(caller: Caller, party: string | null) {
      accessOf(caller, deps.participant);
      const { participantId, parties } = deps.participant;
      const hosted = party === null || party === participantId || parties.get(party)?.isLocal;
      if (!hosted) return [];
      const permission = 'PARTICIPANT_PERMISSION_SUBMISSION';
      const all = deps.synchronizers?.list ?? [deps.synchronizer];
      // A party is on the synchronizers it was allocated on.
      const on =
        party === null || party === participantId || !deps.synchronizers
          ? all
          : deps.synchronizers.hostsOf(party);
      return on.map(({ id, alias }) => ({ id, alias, permission }));
    },

    /** Nothing is ever pruned: the journal is the source of truth. */
    prunedOffsets(caller: Caller) {
      accessOf(caller, deps.participant);
      return { participantPrunedUpToInclusive: 0, allDivulgedContractsPrunedUpToInclusive: 0 };
    },

    activeContracts(caller: Caller, requested: EventFilter, activeAtOffset: number) {
      const eventFilter = hostedOn(requested, hosts);
      requireReadAs(accessOf(caller, deps.participant), filterParties(eventFilter));
      checkOffset(activeAtOffset, 'activeAtOffset');
      const parties = filterParties(eventFilter);
      const entries =
        activeAtOffset === updateLog.ledgerEnd()
          ? deps.activeContracts.visibleTo(parties)
          : historicActiveContracts(updateLog.range(0, activeAtOffset), parties);
      const views: ActiveContractView[] = [];
      const at = { offset: activeAtOffset, ledgerEnd: updateLog.ledgerEnd() };
      const locationOf = deps.synchronizers ? locationsAt(deps.synchronizers, updateLog, at) : null;
      for (const entry of entries) {
        const matched = matchingParties(
          eventFilter,
          stakeholdersOf(entry.node),
          entry.node.templateId,
          catalog,
        );
        if (!matched) continue;
        const event = createdView(entry.node, matched.parties, true, matched.match, catalog);
        if (event.kind !== 'created') continue;
        const location = locationOf?.(entry.node.contractId);
        const unassignment = location?.unassignment ?? null;
        views.push({
          event,
          // An unassigned contract is reported on the synchronizer it left.
          synchronizerId: location?.synchronizerId ?? unassignment?.source ?? entry.synchronizerId,
          offset: entry.offset,
          reassignmentCounter: location?.reassignmentCounter ?? 0,
          unassignment,
        });
      }
      return views;
    },

    /** Updates after `beginExclusive`: history, then live ones as they commit. */
    updates$(
      caller: Caller,
      requested: UpdateFormat,
      range: { beginExclusive: number; endInclusive: number | null },
    ): Observable<UpdateView> {
      const format = formatHostedOn(requested, hosts);
      requireReadAs(accessOf(caller, deps.participant), formatParties(format));
      checkOffset(range.beginExclusive, 'beginExclusive');
      return updateLog.follow$(range.beginExclusive, range.endInclusive).pipe(
        map((record) => viewUpdate(record, format, catalog)),
        filter((view): view is UpdateView => view !== null),
      );
    },

    updatesPage(caller: Caller, requested: UpdateFormat, request: UpdatesPageRequest): UpdatesPage {
      const format = formatHostedOn(requested, hosts);
      requireReadAs(accessOf(caller, deps.participant), formatParties(format));
      checkOffset(request.beginExclusive, 'beginOffsetExclusive');
      if (request.maxPageSize < 1) {
        throw new DomainError('INVALID_ARGUMENT', 'maxPageSize must be positive');
      }
      return pageOfUpdates(updateLog.range, updateLog.ledgerEnd(), { ...request, format, catalog });
    },

    updateByOffset(caller: Caller, requested: UpdateFormat, offset: number): UpdateView {
      const format = formatHostedOn(requested, hosts);
      requireReadAs(accessOf(caller, deps.participant), formatParties(format));
      return visibleOrNotFound(updateLog.byOffset(offset), format, catalog, `offset ${offset}`);
    },

    updateById(caller: Caller, requested: UpdateFormat, updateId: string): UpdateView {
      const format = formatHostedOn(requested, hosts);
      requireReadAs(accessOf(caller, deps.participant), formatParties(format));
      return visibleOrNotFound(updateLog.byUpdateId(updateId), format, catalog, `id ${updateId}`);
    },
  };
  return service satisfies LedgerReads;
}

export interface LedgerReads {
  ledgerEnd(caller: Caller): number;
  /**
   * The synchronizers the participant (or the given party) is connected to. The participant's
   * own admin party, named like the participant, is hosted implicitly, as in Canton.
   */
  connectedSynchronizers(
    caller: Caller,
    party: string | null,
  ): {
    id: string;
    alias: string;
    permission: string;
  }[];
  /** Nothing is ever pruned: the journal is the source of truth. */
  prunedOffsets(caller: Caller): {
    participantPrunedUpToInclusive: number;
    allDivulgedContractsPrunedUpToInclusive: number;
  };
  activeContracts(
    caller: Caller,
    requested: EventFilter,
    activeAtOffset: number,
  ): ActiveContractView[];
  /** Updates after `beginExclusive`: history, then live ones as they commit. */
  updates$(
    caller: Caller,
    requested: UpdateFormat,
    range: {
      beginExclusive: number;
      endInclusive: number | null;
    },
  ): Observable<UpdateView>;
  updatesPage(caller: Caller, requested: UpdateFormat, request: UpdatesPageRequest): UpdatesPage;
  updateByOffset(caller: Caller, requested: UpdateFormat, offset: number): UpdateView;
  updateById(caller: Caller, requested: UpdateFormat, updateId: string): UpdateView;
}

function visibleOrNotFound(
  record: LedgerRecord | undefined,
  format: UpdateFormat,
  catalog: TemplateCatalog,
  what: string,
): UpdateView {
  const view = record ? viewUpdate(record, format, catalog) : null;
  // Canton answers the same for a missing update and one the reader may not see.
  if (!view) throw new DomainError('UPDATE_NOT_FOUND', `Update not found, ${what}`);
  return view;
}
