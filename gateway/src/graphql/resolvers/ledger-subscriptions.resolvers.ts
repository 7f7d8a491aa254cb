import { archivedContractsOf, createdContractsOf } from '../contract-streams.ts';
import { followResumably, rowsOfEach } from '../follow-resumably.ts';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import {
  type ContractFilterInput,
  readersOf,
  type TransactionShapeInput,
  type UpdateFilterInput,
  updateFormatOf,
} from '../graphql-filters.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

type UpdatesArgs = {
  beginExclusive: number | null;
  filter?: UpdateFilterInput | null;
  shape: TransactionShapeInput;
};
type ContractsArgs = { beginExclusive?: number | null; filter?: ContractFilterInput | null };

const payload = <T>(value: T) => value;

/**
 * Update views a subscription holds untaken at most: a replay of the whole ledger is read as
 * it is delivered, so one subscription (and one connection, however many it opens) holds no
 * more than this many views of its own; what clients have not read is bounded by the stream
 * budget after that.
 */
const pauseAt = 16;

/**
 * The ledger's live streams. Each follows the update log from an offset (history, then live
 * commits), so a client that resubscribes from the last offset it received misses nothing.
 */
export function ledgerSubscriptionResolvers({ services, streams }: ResolverDeps): ResolverMap {
  const updates = (ctx: Ctx, args: UpdatesArgs) => {
    const caller = ctx.caller();
    const readers = readersOf(services, caller, args.filter?.parties);
    const format = updateFormatOf(services.catalog, readers, args.filter ?? null, args.shape);
    const start = args.beginExclusive ?? services.reads.ledgerEnd(caller);
    // Followed at once: a refusal (rights, offsets) is thrown here, the subscription's error.
    const after = (beginExclusive: number) =>
      services.reads.updates$(caller, format, { beginExclusive, endInclusive: null });
    return followResumably(after, start, (view) => view.record.offset, {
      shutdown$: streams.shutdown$,
      pauseAt,
    });
  };
  const acsDelta = (args: ContractsArgs) => ({
    beginExclusive: args.beginExclusive ?? null,
    filter: args.filter ?? null,
    shape: 'ACS_DELTA' as const,
  });
  return {
    Subscription: {
      updates: {
        subscribe: (_: unknown, args: UpdatesArgs, ctx: Ctx) => updates(ctx, args),
        resolve: payload,
      },
      contractCreated: {
        subscribe: (_: unknown, args: ContractsArgs, ctx: Ctx) =>
          rowsOfEach(updates(ctx, acsDelta(args)), createdContractsOf),
        resolve: payload,
      },
      contractArchived: {
        subscribe: (_: unknown, args: ContractsArgs, ctx: Ctx) =>
          rowsOfEach(updates(ctx, acsDelta(args)), archivedContractsOf),
        resolve: payload,
      },
    },
  };
}
