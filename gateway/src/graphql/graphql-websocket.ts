import type { Server } from 'node:http';
import type { ExecutionArgs, GraphQLError } from 'graphql';
import { handleProtocols, makeServer } from 'graphql-ws';
import type { YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import type { Authenticator } from '../auth/authenticator.ts';
import type { StreamBudget } from '../http/stream-budget.ts';
import type { StreamGauge } from '../http/stream-gauge.ts';
import { callerOutcomeOfToken, tokenOfAuthorization } from './graphql-caller.ts';
import type { CallerOutcome, GraphQLContext, GraphQLServerContext } from './graphql-context.ts';
import { graphqlPath, pathOf } from './graphql-path.ts';
import {
  createFrameWriter,
  createTurnWrites,
  type FrameWriter,
  type SocketExtra,
  serveGraphQLSocket,
} from './graphql-ws-socket.ts';
import { createSharedFrames } from './shared-frames.ts';
import { createSubscriptionCounter, type SubscriptionLimits } from './subscription-limits.ts';
import { operationKey, type SubscriptionSharing } from './subscription-sharing.ts';

/**
 * The root value an operation is executed with: envelop's execution, and for a subscription
 * whose results are shared, where its frames go.
 */
type Root = {
  execute(args: ExecutionArgs): unknown;
  subscribe(args: ExecutionArgs): unknown;
  readonly id: string;
  readonly writer: FrameWriter | undefined;
};
type Yoga = YogaServerInstance<GraphQLServerContext, GraphQLContext>;

/**
 * graphql-ws (the `graphql-transport-ws` protocol) at `/graphql` on `server`, executing through
 * yoga's envelop, so masking, limits and context are the same as over HTTP.
 */
export function attachGraphQLWebSocket(
  server: Server,
  deps: {
    readonly yoga: Yoga;
    readonly authenticator: Authenticator;
    readonly sharing: SubscriptionSharing;
    /** Records what each connection's socket holds for its client. */
    readonly gauge?: StreamGauge;
    /** What all streams of the process may hold together. */
    readonly budget?: StreamBudget;
    /** How many subscriptions may be open, per connection and in all. */
    readonly subscriptionLimits?: SubscriptionLimits;
    /** What one client may hold unread before its shared subscriptions are dropped. */
    readonly maxHeldBytes: number;
  },
): { close(reason?: string): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024, handleProtocols });
  server.on('upgrade', (request, socket, head) => {
    if (pathOf(request) !== graphqlPath) return;
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });
  const outcomes = new WeakMap<object, Promise<CallerOutcome>>();
  const writers = new WeakMap<object, FrameWriter>();
  const sharedFrames = createSharedFrames(deps.sharing, deps.maxHeldBytes);
  const counter = createSubscriptionCounter(deps.subscriptionLimits);
  const protocol = makeServer<Record<string, unknown> | undefined, SocketExtra>({
    onConnect: (ctx) => {
      const token =
        tokenOfAuthorization(ctx.connectionParams?.authorization) ??
        tokenOfAuthorization(ctx.extra.request.headers.authorization);
      outcomes.set(ctx.extra.socket, callerOutcomeOfToken(deps.authenticator, token));
      counter.opened(ctx);
      return true;
    },
    onClose: (ctx) => counter.closed(ctx),
    onSubscribe: async (ctx, id, payload) => {
      const refusal = counter.refusal(ctx);
      if (refusal !== null) return [refusal];
      const callerOutcome = await (outcomes.get(ctx.extra.socket) ??
        callerOutcomeOfToken(deps.authenticator, undefined));
      const enveloped = deps.yoga.getEnveloped({ callerOutcome, params: payload });
      let document: ReturnType<typeof enveloped.parse>;
      try {
        document = enveloped.parse(payload.query);
      } catch (error) {
        return [error as GraphQLError];
      }
      const errors = enveloped.validate(enveloped.schema, document);
      if (errors.length > 0) return errors;
      return {
        schema: enveloped.schema,
        document,
        operationName: payload.operationName ?? null,
        variableValues: payload.variables ?? null,
        contextValue: { ...(await enveloped.contextFactory()), sharedByTransport: true },
        rootValue: {
          execute: enveloped.execute,
          subscribe: enveloped.subscribe,
          id,
          writer: writers.get(ctx.extra.socket),
        } satisfies Root,
      };
    },
    execute: (args) => (args.rootValue as Root).execute(args) as never,
    // Identical subscriptions share one execution, masked and limited by envelop once, and
    // each result is serialised once for all of them.
    subscribe: (args) => {
      const root = args.rootValue as Root;
      const run = () => root.subscribe(args);
      const key = operationKey((args.contextValue as GraphQLContext).callerKey, args);
      if (key === null || root.writer === undefined) return run() as never;
      return sharedFrames.join(key, run, { id: root.id, writer: root.writer }) as never;
    },
  });
  const output = {
    writeAtTurnEnd: createTurnWrites(),
    maxHeldBytes: deps.maxHeldBytes,
    gauge: deps.gauge,
    budget: deps.budget,
  };
  wss.on('connection', (socket, request) => {
    const writer = createFrameWriter({ socket, request }, output);
    writers.set(socket, writer);
    serveGraphQLSocket(protocol, { socket, request }, writer);
  });
  return {
    // A revert closes with 1012 (service restart) and its reason, which graphql-ws clients
    // hear as a retryable close: they reconnect and subscribe again.
    close(reason) {
      for (const client of wss.clients)
        client.close(reason ? 1012 : 1001, reason ?? 'server shutting down');
      if (reason === undefined) wss.close();
    },
  };
}
