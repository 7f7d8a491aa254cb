import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from './graphql-context.ts';
import { operationKey, type SubscriptionSharing } from './subscription-sharing.ts';

/**
 * Shares the executions of identical subscriptions over HTTP (server-sent events). The
 * WebSocket transport shares them itself, below envelop, and marks its operations' contexts.
 */
export function useSharedSubscriptions(sharing: SubscriptionSharing): Plugin {
  return {
    onSubscribe({ args, subscribeFn, setSubscribeFn }) {
      const context = args.contextValue as unknown as GraphQLContext & {
        sharedByTransport?: boolean;
      };
      if (context.sharedByTransport) return;
      const key = operationKey(context.callerKey, args);
      if (key === null) return;
      setSubscribeFn(
        (subscribeArgs) => sharing.join(key, () => subscribeFn(subscribeArgs)) as never,
      );
    },
  };
}
