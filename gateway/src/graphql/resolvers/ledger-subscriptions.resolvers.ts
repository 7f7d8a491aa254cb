import { archivedContracts$, createdContracts$ } from '../contract-streams.ts';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import {
  type ContractFilterInput,
  readersOf,
  type TransactionShapeInput,
  type UpdateFilterInput,
  updateFormatOf,
} from '../graphql-filters.ts';
import { toAsyncIterable } from '../to-async-iterable.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

type UpdatesArgs = {
  beginExclusive: number | null;
  filter?: UpdateFilterInput | null;
  shape: TransactionShapeInput;
};
type ContractsArgs = { beginExclusive?: number | null; filter?: ContractFilterInput | null };

const payload = <T>(value: T) => value;

/**
 * The ledger's live streams. Each follows the update log from an offset (history, then live
 * commits), so a client that resubscribes from the last offset it received misses nothing.
 */
export function ledgerSubscriptionResolvers({ node, streams }: ResolverDeps): ResolverMap {
  const updates$ = (ctx: Ctx, args: UpdatesArgs) => {
    const caller = ctx.caller();
    const readers = readersOf(node, caller, args.filter?.parties);
    const format = updateFormatOf(node.catalog, readers, args.filter ?? null, args.shape);
    const beginExclusive = args.beginExclusive ?? node.reads.ledgerEnd(caller);
    return node.reads.updates$(caller, format, { beginExclusive, endInclusive: null });
  };
  const acsDelta = (args: ContractsArgs) => ({
    beginExclusive: args.beginExclusive ?? null,
    filter: args.filter ?? null,
    shape: 'ACS_DELTA' as const,
  });
  return {
    Subscription: {
      updates: {
        subscribe: (_: unknown, args: UpdatesArgs, ctx: Ctx) =>
          toAsyncIterable(updates$(ctx, args), streams),
        resolve: payload,
      },
      contractCreated: {
        subscribe: (_: unknown, args: ContractsArgs, ctx: Ctx) =>
          toAsyncIterable(createdContracts$(updates$(ctx, acsDelta(args))), streams),
        resolve: payload,
      },
      contractArchived: {
        subscribe: (_: unknown, args: ContractsArgs, ctx: Ctx) =>
          toAsyncIterable(archivedContracts$(updates$(ctx, acsDelta(args))), streams),
        resolve: payload,
      },
    },
  };
}
