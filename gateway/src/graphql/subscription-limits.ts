import { GraphQLError } from 'graphql';

/** How many graphql-ws subscriptions may be open at once. */
export type SubscriptionLimits = {
  /** On one connection. */
  readonly perConnection: number;
  /** On all connections of the process together. */
  readonly total: number;
};

/**
 * Each subscription holds a few update views of its own (a replay is read as it is delivered),
 * and what its client has not read counts against the stream budget: these bound how many
 * there are, so that neither one connection nor all of them hold more than a known amount.
 */
export const defaultSubscriptionLimits: SubscriptionLimits = { perConnection: 100, total: 10_000 };

const tooMany = (message: string) =>
  new GraphQLError(message, {
    extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', status: 429, http: { status: 429 } },
  });

/**
 * Counts the subscriptions of each connection (its graphql-ws context's `subscriptions`, which
 * hold the one being opened too) and refuses one over either limit.
 */
export function createSubscriptionCounter(limits: SubscriptionLimits = defaultSubscriptionLimits) {
  const connections = new Set<{ readonly subscriptions: object }>();
  const total = () => {
    let count = 0;
    for (const connection of connections) count += Object.keys(connection.subscriptions).length;
    return count;
  };
  return {
    opened: (connection: { readonly subscriptions: object }) => void connections.add(connection),
    closed: (connection: { readonly subscriptions: object }) => void connections.delete(connection),
    /** The refusal of the subscription being opened on `connection`, or null. */
    refusal(connection: { readonly subscriptions: object }): GraphQLError | null {
      if (Object.keys(connection.subscriptions).length > limits.perConnection) {
        return tooMany(
          `The connection has ${limits.perConnection} subscriptions open, as many as one may; complete one first`,
        );
      }
      if (total() > limits.total) {
        return tooMany(
          `The server has ${limits.total} subscriptions open, as many as it serves; try again later`,
        );
      }
      return null;
    },
  };
}
