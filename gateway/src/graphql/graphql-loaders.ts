import type { Caller, ContractEventsView } from '@pocketnet/runtime';
import { createBatchLoader } from './batch-loader.ts';
import { eventFilterOf } from './graphql-filters.ts';
import type { GraphQLServices } from './graphql-services.ts';

type ActorDetail = NonNullable<ReturnType<GraphQLServices['actors']['get']>>;

/** What the loaders read: events by contract (filtered by the catalog's templates) and actors. */
export type GraphQLLoaderServices = Pick<GraphQLServices, 'lookups' | 'catalog' | 'actors'>;

/** A contract as some readers see it: the key of its events lookup. */
export type ContractReadKey = { readonly contractId: string; readonly readers: readonly string[] };

/** Each key's value, or the error its lookup threw, so one failure fails only its own field. */
const each =
  <TKey, TValue>(lookup: (key: TKey) => TValue) =>
  (keys: readonly TKey[]): (TValue | Error)[] =>
    keys.map((key) => {
      try {
        return lookup(key);
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    });

/**
 * The per-operation loaders of related data: a list of contracts asks for the archivals and the
 * actors of all of them in one batch per level, and for each contract once.
 */
export function createGraphQLLoaders(services: GraphQLLoaderServices, caller: () => Caller) {
  const { lookups, catalog, actors } = services;
  return {
    contractEvents: createBatchLoader<ContractReadKey, ContractEventsView>(
      each(({ contractId, readers }) =>
        lookups.eventsByContractId(caller(), contractId, eventFilterOf(catalog, readers, null)),
      ),
      ({ contractId, readers }) => `${contractId} ${readers.join(' ')}`,
    ),
    actorByContract: createBatchLoader<string, ActorDetail | null>(
      each((contractId) => actors.findByContract(caller(), contractId) ?? null),
    ),
    actor: createBatchLoader<string, ActorDetail | null>(
      each((actorId) => actors.get(caller(), actorId) ?? null),
    ),
  };
}

export type GraphQLLoaders = ReturnType<typeof createGraphQLLoaders>;
