import type { EventFilter, PartyFilter, TemplateCatalog, UpdateFormat } from '@pocketnet/runtime';

// The request shapes below are the parts of the Ledger API's filter messages this module
// reads; the edge's zod schemas have validated the bodies already.
type IdentifierFilterJson =
  | { WildcardFilter: { value: { includeCreatedEventBlob?: boolean | undefined } } }
  | {
      TemplateFilter: {
        value: { templateId?: string | undefined; includeCreatedEventBlob?: boolean | undefined };
      };
    }
  | {
      InterfaceFilter: {
        value: {
          interfaceId?: string | undefined;
          includeInterfaceView?: boolean | undefined;
          includeCreatedEventBlob?: boolean | undefined;
        };
      };
    }
  | { Empty: object };

export type FiltersJson = {
  cumulative?: Array<{ identifierFilter?: IdentifierFilterJson | undefined }> | undefined;
};

export type EventFormatJson = {
  filtersByParty?: Record<string, FiltersJson> | undefined;
  filtersForAnyParty?: FiltersJson | undefined;
  verbose?: boolean | undefined;
};

export type TransactionFormatJson = {
  eventFormat?: EventFormatJson | undefined;
  transactionShape?: string | undefined;
};

export type UpdateFormatJson = {
  includeTransactions?: TransactionFormatJson | undefined;
  includeTopologyEvents?:
    | { includeParticipantAuthorizationEvents?: { parties?: string[] | undefined } | undefined }
    | undefined;
  includeReassignments?: EventFormatJson | undefined;
};

function partyFilter(filters: FiltersJson, catalog: TemplateCatalog): PartyFilter {
  const templates = new Map<string, { includeCreatedEventBlob: boolean }>();
  const interfaces = new Map<
    string,
    { includeInterfaceView: boolean; includeCreatedEventBlob: boolean }
  >();
  let wildcard: PartyFilter['wildcard'] = null;
  const cumulative = filters.cumulative ?? [];
  // An empty filter list is a wildcard, as in Canton.
  if (cumulative.length === 0) wildcard = { includeCreatedEventBlob: false };
  for (const { identifierFilter } of cumulative) {
    if (!identifierFilter || 'Empty' in identifierFilter) {
      wildcard ??= { includeCreatedEventBlob: false };
    } else if ('WildcardFilter' in identifierFilter) {
      const blob = identifierFilter.WildcardFilter.value.includeCreatedEventBlob ?? false;
      wildcard = { includeCreatedEventBlob: blob || (wildcard?.includeCreatedEventBlob ?? false) };
    } else if ('TemplateFilter' in identifierFilter) {
      const { templateId = '', includeCreatedEventBlob = false } =
        identifierFilter.TemplateFilter.value;
      templates.set(catalog.keyOfReference(templateId), { includeCreatedEventBlob });
    } else {
      const value = identifierFilter.InterfaceFilter.value;
      interfaces.set(catalog.keyOfReference(value.interfaceId ?? ''), {
        includeInterfaceView: value.includeInterfaceView ?? false,
        includeCreatedEventBlob: value.includeCreatedEventBlob ?? false,
      });
    }
  }
  return { wildcard, templates, interfaces };
}

export function toEventFilter(format: EventFormatJson, catalog: TemplateCatalog): EventFilter {
  const byParty = new Map<string, PartyFilter>();
  for (const [party, filters] of Object.entries(format.filtersByParty ?? {})) {
    byParty.set(party, partyFilter(filters, catalog));
  }
  const anyParty = format.filtersForAnyParty
    ? partyFilter(format.filtersForAnyParty, catalog)
    : null;
  return { byParty, anyParty, verbose: format.verbose ?? false };
}

/** The legacy `filter` (TransactionFilter) of 3.3-era requests carries the same per-party filters. */
export function toTransactionFormat(
  format: TransactionFormatJson | undefined,
  catalog: TemplateCatalog,
  fallback: {
    filter?: EventFormatJson | undefined;
    verbose?: boolean | undefined;
    shape: 'ACS_DELTA' | 'LEDGER_EFFECTS';
  },
): NonNullable<UpdateFormat['transactions']> {
  if (format) {
    const shape =
      format.transactionShape === 'TRANSACTION_SHAPE_LEDGER_EFFECTS'
        ? 'LEDGER_EFFECTS'
        : 'ACS_DELTA';
    return { filter: toEventFilter(format.eventFormat ?? {}, catalog), shape };
  }
  const legacy = { ...fallback.filter, verbose: fallback.verbose ?? false };
  return { filter: toEventFilter(legacy, catalog), shape: fallback.shape };
}

export function toUpdateFormat(format: UpdateFormatJson, catalog: TemplateCatalog): UpdateFormat {
  const transactions = format.includeTransactions
    ? toTransactionFormat(format.includeTransactions, catalog, { shape: 'ACS_DELTA' })
    : null;
  const authorization = format.includeTopologyEvents?.includeParticipantAuthorizationEvents;
  const reassignments = format.includeReassignments
    ? toEventFilter(format.includeReassignments, catalog)
    : null;
  return {
    transactions,
    topologyParties: authorization ? (authorization.parties ?? []) : null,
    reassignments,
  };
}
