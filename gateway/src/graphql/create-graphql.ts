import type { Server } from 'node:http';
import { Readable } from 'node:stream';
import type { AutomationView, TimeMachine } from '@pocketnet/runtime';
import type { RequestHandler } from 'express';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import { ReplaySubject } from 'rxjs';
import type { Authenticator } from '../auth/authenticator.ts';
import { type EventStreamGuardDeps, guardEventStream } from '../http/event-stream-guard.ts';
import { createBinaryBodyParser } from '../http/json-body.middleware.ts';
import { createStreamBudget } from '../http/stream-budget.ts';
import { createStreamGauge } from '../http/stream-gauge.ts';
import { streamLimitsOf } from '../http/stream-limits.ts';
import {
  type ForwardToWriter,
  forwardedRequestOf,
  sendForwardedAnswer,
} from '../scale-out/forwarded-request.ts';
import { createGraphQLSchema } from './create-graphql-schema.ts';
import {
  callerOutcomeOfLocals,
  createGraphQLContext,
  type GraphQLContext,
  type GraphQLServerContext,
} from './graphql-context.ts';
import { isMutationRequest } from './graphql-mutation.ts';
import { graphqlPath } from './graphql-path.ts';
import type { GraphQLServices } from './graphql-services.ts';
import { attachGraphQLWebSocket } from './graphql-websocket.ts';
import { createGraphQLErrorMask } from './mask-graphql-error.ts';
import { useParseLimits } from './parse-limits.ts';
import { createQueryLimitsRule } from './query-limits.rule.ts';
import { defaultQueryLimits, type QueryLimits } from './query-limits.ts';
import { createResultSizes } from './result-sizes.ts';
import { useSharedSubscriptions } from './shared-subscriptions.plugin.ts';
import { createSubscriptionSharing } from './subscription-sharing.ts';
import { createYogaLogger } from './yoga-logger.ts';

export type GraphQLDeps = {
  /** The node's services the resolvers use (`graphqlServicesOf`), not the node. */
  readonly services: GraphQLServices;
  readonly authenticator: Authenticator;
  readonly logger: Logger;
  /** The automations' queues, when the node runs them (the CLI hands them in). */
  readonly automations?: AutomationView | undefined;
  /** Snapshots, revert and reset (the CLI hands its time machine in). */
  readonly timeMachine?: TimeMachine | undefined;
  /** Whether the devnet fields control the synchronizer here (the SV's gateways); true if unset. */
  readonly devnetControls?: boolean;
  readonly limits?: Partial<QueryLimits>;
  /** Events a subscriber may fall behind by before it is dropped (it may resume). */
  readonly maxBuffered?: number;
  /** What a server-sent event stream may hold for a slow client before it is cut off. */
  readonly streamGuard?: EventStreamGuardDeps;
  /**
   * The page a browser gets at `/graphql` (GraphiQL with the node's sign-in) and the content
   * security policy it is served with; none without.
   */
  readonly page?: { readonly html: string; readonly policy: string };
  /**
   * A gateway replica's writer (scale-out): mutations go there whole, since what they change
   * (devnet time, onboarding, the wallet) changes in one place only; queries stay here.
   */
  readonly forwardMutations?: ForwardToWriter | undefined;
};

/** Limits of its own, for a GraphQL view made without the gateway's. */
function defaultStreamGuard(): EventStreamGuardDeps {
  const limits = streamLimitsOf();
  return {
    limits,
    gauge: createStreamGauge(),
    budget: createStreamBudget(limits.totalHighWaterMark),
  };
}

const useQueryLimits = (limits: QueryLimits): Plugin => ({
  onValidate: ({ addValidationRule }) => addValidationRule(createQueryLimitsRule(limits)),
});

/**
 * The GraphQL view at `/graphql`: yoga over HTTP (queries, mutations, subscriptions as
 * server-sent events, GraphiQL in a browser) and graphql-ws over WebSocket, with the
 * gateway's authentication, DomainErrors as codes and statuses, and query limits.
 */
export function createGraphQL(deps: GraphQLDeps) {
  const { services } = deps;
  const shutdown$ = new ReplaySubject<string | undefined>(1);
  const streams = { shutdown$, maxBuffered: deps.maxBuffered ?? 10_000 };
  const schema = createGraphQLSchema({
    services,
    streams,
    automations: deps.automations,
    timeMachine: deps.timeMachine,
    devnetControls: deps.devnetControls !== false,
  });
  const guard = deps.streamGuard ?? defaultStreamGuard();
  // Server-sent events consume the shared executions' results through buffers of their own:
  // bounding what a subscriber leaves untaken there bounds what a slow client costs (its
  // response holds little more: both wait). graphql-ws subscriptions take each result at once,
  // as a frame written to their socket, which bounds what a slow client holds (shared-frames.ts).
  const backlog = {
    sizeOf: createResultSizes(),
    maxBytes: guard.limits.highWaterMark,
    ...(guard.budget ? { budget: guard.budget } : {}),
  };
  const sharing = createSubscriptionSharing({ ...streams, backlog });
  const yoga = createYoga<GraphQLServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: graphqlPath,
    landingPage: false,
    multipart: false,
    graphiql: deps.page !== undefined,
    renderGraphiQL: () => deps.page?.html ?? '',
    maskedErrors: { maskError: createGraphQLErrorMask(deps.logger) },
    logging: createYogaLogger(deps.logger),
    plugins: [
      useParseLimits(),
      useQueryLimits({ ...defaultQueryLimits, ...deps.limits }),
      useSharedSubscriptions(sharing),
    ],
    context: ({ callerOutcome, res }) =>
      createGraphQLContext(
        services,
        callerOutcome ?? callerOutcomeOfLocals((res?.locals ?? {}) as Record<string, unknown>),
      ),
  });
  const sockets: Array<{ close(reason?: string): void }> = [];
  const readBody = createBinaryBodyParser();
  const handler: RequestHandler = (req, res, next) => {
    // yoga answers with server-sent events when the client accepts them.
    if (req.headers.accept?.includes('text/event-stream')) guardEventStream(res, guard);
    // and with the page to a browser (a GET that accepts HTML), which gets its policy.
    if (deps.page && req.method === 'GET' && req.headers.accept?.includes('text/html')) {
      res.setHeader('Content-Security-Policy', deps.page.policy);
      res.setHeader('X-Content-Type-Options', 'nosniff');
    }
    if (req.method !== 'POST') return void yoga(req, res);
    // yoga reads a body of any size: read it here, to the Ledger API's limit (which bounds a
    // command however it is submitted), and hand it on as a stream of what was read (a Buffer
    // itself yoga's adapter would first enumerate byte by byte).
    readBody(req, res, (error?: unknown) => {
      if (error) return next(error);
      const body: unknown = req.body;
      const { forwardMutations } = deps;
      if (forwardMutations && Buffer.isBuffer(body)) {
        if (isMutationRequest(body, req.headers['content-type'] ?? '')) {
          return void forwardMutations(forwardedRequestOf(req, body, req.originalUrl)).then(
            (answer) => sendForwardedAnswer(res, answer),
            next,
          );
        }
      }
      if (Buffer.isBuffer(body)) req.body = Readable.from([body]);
      void yoga(req, res);
    });
  };
  return {
    path: graphqlPath,
    /** The express handler to mount at `path`. */
    handler,
    attachWebSocket(server: Server) {
      const socketDeps = {
        yoga,
        authenticator: deps.authenticator,
        sharing,
        gauge: guard.gauge,
        maxHeldBytes: guard.limits.highWaterMark,
        ...(guard.budget ? { budget: guard.budget } : {}),
      };
      sockets.push(attachGraphQLWebSocket(server, socketDeps));
    },
    /** Ends every subscription (SSE and WebSocket) and closes the WebSockets. */
    close(reason?: string) {
      shutdown$.next(reason);
      for (const socket of sockets) socket.close(reason);
    },
  };
}

export type GraphQLView = ReturnType<typeof createGraphQL>;
