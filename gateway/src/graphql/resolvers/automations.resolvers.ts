import { DomainError } from '@pocketnet/ledger';
import type { AutomationView } from '@pocketnet/runtime';
import { filter } from 'rxjs';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import { toAsyncIterable } from '../to-async-iterable.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

/** The automations of this node, for the validator operator only; UNAVAILABLE if none run. */
export function automationsOf(deps: ResolverDeps, ctx: Ctx): AutomationView {
  deps.services.wallet.access.requireAdmin(ctx.caller());
  if (deps.automations === undefined) {
    throw new DomainError('UNAVAILABLE', 'This node runs no automations');
  }
  return deps.automations;
}

/** The automations' job events, live; the enums' values are the view's own strings. */
export function automationResolvers(deps: ResolverDeps): ResolverMap {
  return {
    AutomationJobState: {
      WAITING: 'waiting',
      ACTIVE: 'active',
      PROGRESS: 'progress',
      COMPLETED: 'completed',
      FAILED: 'failed',
    },
    AutomationJobOutcome: { DONE: 'done', NOOP: 'noop', STALE: 'stale' },
    Subscription: {
      automationJobEvents: {
        subscribe: (_: unknown, args: { queue?: string | null }, ctx: Ctx) => {
          const { jobEvents$ } = automationsOf(deps, ctx);
          const events$ = jobEvents$.pipe(
            filter((event) => args.queue == null || event.queue === args.queue),
          );
          return toAsyncIterable(events$, deps.streams);
        },
        resolve: <T>(event: T) => event,
      },
    },
  };
}
