import type {
  Caller,
  EventFilter,
  PartyFilter,
  TemplateCatalog,
  UpdateFormat,
} from '@pocketnet/runtime';
import type { GraphQLServices } from './graphql-services.ts';

/** The `ContractFilter` input. */
export type ContractFilterInput = {
  readonly parties?: readonly string[] | null;
  readonly templateIds?: readonly string[] | null;
  readonly interfaceIds?: readonly string[] | null;
};

/** The `UpdateFilter` input. */
export type UpdateFilterInput = ContractFilterInput & { readonly includeTopology?: boolean | null };

export type TransactionShapeInput = 'ACS_DELTA' | 'LEDGER_EFFECTS';

/**
 * Whom a read is for: the parties the request names, else every party the caller may read as
 * (its user's act-as and read-as rights), or null, any party, for a caller that reads them all.
 */
export function readersOf(
  services: Pick<GraphQLServices, 'admin'>,
  caller: Caller,
  parties: readonly string[] | null | undefined,
): readonly string[] | null {
  if (parties != null) return parties;
  if (caller.kind === 'unrestricted') return null;
  const { rights } = services.admin.authenticatedUser(caller);
  if (rights.some((right) => right.kind === 'CanReadAsAnyParty')) return null;
  const readable = rights.flatMap((right) =>
    right.kind === 'CanActAs' || right.kind === 'CanReadAs' ? [right.party] : [],
  );
  return [...new Set(readable)];
}

function partyFilterOf(catalog: TemplateCatalog, input: ContractFilterInput | null): PartyFilter {
  const templateIds = input?.templateIds ?? [];
  const interfaceIds = input?.interfaceIds ?? [];
  const selective = templateIds.length > 0 || interfaceIds.length > 0;
  return {
    wildcard: selective ? null : { includeCreatedEventBlob: false },
    templates: new Map(
      templateIds.map((id) => [catalog.keyOfReference(id), { includeCreatedEventBlob: false }]),
    ),
    interfaces: new Map(
      interfaceIds.map((id) => [
        catalog.keyOfReference(id),
        { includeInterfaceView: true, includeCreatedEventBlob: false },
      ]),
    ),
  };
}

/** The Ledger API's event filter for `readers` (null: any party) and the input's templates. */
export function eventFilterOf(
  catalog: TemplateCatalog,
  readers: readonly string[] | null,
  input: ContractFilterInput | null,
): EventFilter {
  const filter = partyFilterOf(catalog, input);
  return {
    byParty: new Map(readers === null ? [] : readers.map((party) => [party, filter])),
    anyParty: readers === null ? filter : null,
    verbose: true,
  };
}

/** The Ledger API's update format: transactions in `shape`, and topology when asked for. */
export function updateFormatOf(
  catalog: TemplateCatalog,
  readers: readonly string[] | null,
  input: UpdateFilterInput | null,
  shape: TransactionShapeInput,
): UpdateFormat {
  return {
    transactions: { filter: eventFilterOf(catalog, readers, input), shape },
    topologyParties: input?.includeTopology ? (readers ?? []) : null,
  };
}
