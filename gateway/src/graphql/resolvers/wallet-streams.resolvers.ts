import { map } from 'rxjs';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import { updateFormatOf } from '../graphql-filters.ts';
import { toAsyncIterable } from '../to-async-iterable.ts';
import { automationsOf } from './automations.resolvers.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

const holdingTemplates = [
  '#splice-amulet:Splice.Amulet:Amulet',
  '#splice-amulet:Splice.Amulet:LockedAmulet',
];

/** The wallet's live balance and the automations' queues. */
export function walletStreamResolvers({
  services,
  streams,
  automations,
}: ResolverDeps): ResolverMap {
  const { wallet } = services;
  return {
    Query: {
      automationQueues: async (_: unknown, __: unknown, ctx: Ctx) => {
        const view = automationsOf({ services, streams, automations }, ctx);
        return { runner: view.mode, queues: await view.queues() };
      },
    },
    Subscription: {
      walletBalanceChanged: {
        subscribe: (_: unknown, __: unknown, ctx: Ctx) => {
          const caller = ctx.caller();
          const { party } = wallet.access.walletOf(caller);
          const filter = { templateIds: holdingTemplates };
          const format = updateFormatOf(services.catalog, [party], filter, 'ACS_DELTA');
          const range = { beginExclusive: services.reads.ledgerEnd(caller), endInclusive: null };
          // Each transaction that creates or archives a holding: the balance after it.
          const balances$ = services.reads
            .updates$(caller, format, range)
            .pipe(map(() => wallet.balances.balance(caller)));
          return toAsyncIterable(balances$, streams);
        },
        resolve: <T>(balance: T) => balance,
      },
    },
  };
}
