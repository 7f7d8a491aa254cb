import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { isDomainError } from '@pocketnet/ledger';
import {
  type AutomationView,
  type Caller,
  type PocketnetNode,
  type TimeMachine,
  unrestrictedCaller,
} from '@pocketnet/runtime';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { type AuthConfig, type Authenticator, createAuthenticator } from './auth/authenticator.ts';
import { selectWebSocketProtocol, tokenOf } from './auth/bearer-token.ts';
import { authenticateRequest } from './auth/require-user.middleware.ts';
import { automationsRoutes } from './automations/automations.routes.ts';
import { devTokenRoutes } from './devnet/dev-token.routes.ts';
import { devnetRoutes } from './devnet/devnet.routes.ts';
import { withAdmittedCommands } from './graphql/admitted-commands.ts';
import { createGraphQLOnDemand } from './graphql/graphql-on-demand.ts';
import { withoutGraphQLUpgrades } from './graphql/graphql-path.ts';
import { graphqlServicesOf } from './graphql/graphql-services.ts';
import { admitSubmissions } from './http/admit-submissions.middleware.ts';
import { callerMessageOf } from './http/caller-message.ts';
import { factsOf } from './http/canton-error-catalogue.ts';
import type { EventStreamGuardDeps } from './http/event-stream-guard.ts';
import { createJsonBodyParser } from './http/json-body.middleware.ts';
import {
  createLedgerErrorAnswer,
  createLedgerErrorHandler,
  createLedgerNotFoundHandler,
  writeLedgerErrorAnswer,
} from './http/ledger-error.middleware.ts';
import { refuseUpgrade } from './http/refuse-upgrade.ts';
import { renderLedgerError } from './http/render-ledger-error.ts';
import { defaultRequestLimits, type RequestLimits } from './http/request-limits.ts';
import { createStreamBudget } from './http/stream-budget.ts';
import { createStreamGauge, type StreamStats } from './http/stream-gauge.ts';
import { type StreamLimits, streamLimitsOf } from './http/stream-limits.ts';
import {
  createSubmissionAdmission,
  type SubmissionAdmission,
  type SubmissionAdmissionLimits,
} from './http/submission-admission.ts';
import { createInspectApi } from './inspect/inspect.routes.ts';
import { commandsRoutes } from './ledger-api/commands.routes.ts';
import { ledgerApiRoutes } from './ledger-api/ledger-api.routes.ts';
import { packageUploadRoutes } from './ledger-api/packages.routes.ts';
import { createSubmitFastLane } from './ledger-api/submit-fast-lane.ts';
import { versionRoutes } from './ledger-api/version.routes.ts';
import { attachLedgerWebSockets } from './ledger-api/websocket.ts';
import type { ForwardToWriter } from './scale-out/forwarded-request.ts';
import { hostRegistryRoutes, scanRoutes } from './scan/scan.routes.ts';
import { graphiqlPageOf, type WebPages, webPageRoutes } from './ui-kit/web-pages.routes.ts';
import { validatorRoutes } from './validator/validator.routes.ts';
import { walletUiRoutes } from './wallet-ui/wallet-ui.routes.ts';

export type GatewayDeps = {
  readonly node: PocketnetNode;
  readonly auth: AuthConfig;
  readonly logger: Logger;
  /** The automations' queues, when the node runs them (the CLI hands them in). */
  readonly automations?: AutomationView;
  /**
   * What one streaming connection (Ledger API WebSocket, server-sent events) may hold for a
   * slow client, and all of them together (`totalHighWaterMark`): `defaultStreamLimits`
   * (4 MiB, 30 s, 256 MiB) where not set.
   */
  readonly streamLimits?: Partial<StreamLimits>;
  /**
   * Load shedding of command submissions (`start`: POCKETNET_MAX_IN_FLIGHT,
   * POCKETNET_WRITER_MAX_QUEUE_MS): beyond the limits they are refused with
   * PARTICIPANT_BACKPRESSURE. None when absent (a replica's engine limits its own).
   */
  readonly admission?: SubmissionAdmissionLimits;
  /**
   * The folders of the wallet UI, the inspector and their UI kit (packages/web's `webPages`,
   * handed in by the CLI). Without them `/wallet` and `/inspect` are not served; every API is.
   */
  readonly webPages?: WebPages;
  /** Snapshots, revert, reset and state dumps (issue 23): the CLI's, across the node's lives. */
  readonly timeMachine?: TimeMachine;
  /**
   * What one request may ask (`start`: `--max-upload-size`, `--graphql-max-mutation-fields`):
   * `defaultRequestLimits` (10 MiB, 10 fields) where not set.
   */
  readonly requestLimits?: Partial<RequestLimits>;
  /**
   * A further participant of the node (LocalNet's app-provider and app-user, issue 22; `node` is
   * its `nodeOfParticipant` view): its JSON Ledger API alone. The validator app, wallet, scan,
   * automations and GraphQL are those of the node's first participant, served beside it.
   */
  readonly ledgerApiOnly?: boolean;
  /**
   * A gateway replica's writer (scale-out): GraphQL mutations are handed to it whole (the
   * replica's front door, replica-front-door.ts, hands it the other writes).
   */
  readonly forwardMutations?: ForwardToWriter;
  /**
   * The wallet UI at `/` too, where LocalNet's app validators serve it (`wallet.localhost:2000`
   * and `:3000`); `/` is the Ledger API's 404 otherwise.
   */
  readonly walletAtRoot?: boolean;
  /**
   * Whether it serves the synchronizer's devnet controls (`/api/devnet/v0` time, rounds, amulet
   * price, migration schedule, snapshots; GraphQL's devnet fields): the SV's gateways do, an app
   * validator's (LocalNet's app-provider and app-user) does not, as the clock and rounds are the
   * synchronizer's. True where not set.
   */
  readonly devnetControls?: boolean;
};

/** Who a request speaks for: the token's user, or anyone at all with `--auth none`. */
async function callerOfRequest(
  authenticator: Authenticator,
  request: IncomingMessage,
): Promise<Caller> {
  if (authenticator.mode === 'none') return unrestrictedCaller;
  const { userId, identityProviderId } = await authenticateRequest(authenticator, request);
  return { kind: 'user', userId, identityProviderId };
}

/** The caller, when it is known without waiting: `--auth none`, or a token verified before. */
function knownCaller(authenticator: Authenticator, request: IncomingMessage): Caller | undefined {
  if (authenticator.mode === 'none') return unrestrictedCaller;
  const known = authenticator.remembered(tokenOf(request.headers));
  if (known === undefined || known === 'anonymous') return undefined;
  return { kind: 'user', userId: known.userId, identityProviderId: known.identityProviderId };
}

/**
 * Establishes who is calling before any route runs. A missing or bad token is kept, not thrown,
 * so that an unknown path still answers 404 and `/v2/version` serves anyone; every route that
 * acts for a caller throws it when it asks for the caller. A token seen before is answered in
 * the same turn: clients send one token with every request, and waiting a turn for it cost
 * every request a promise.
 */
function identifyCaller(authenticator: Authenticator): RequestHandler {
  const identify: RequestHandler = async (req, res, next) => {
    try {
      res.locals.caller = await callerOfRequest(authenticator, req);
    } catch (error) {
      res.locals.callerError = error;
    }
    next();
  };
  return (req, res, next) => {
    const known = knownCaller(authenticator, req);
    if (known === undefined) return identify(req, res, next);
    res.locals.caller = known;
    next();
  };
}

/** A failure of the fast lane, answered as the Ledger API's error handler answers it. */
function answerLaneFailure(
  answerOf: ReturnType<typeof createLedgerErrorAnswer>,
  error: unknown,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  // As express's final handler does when an answer had begun: nothing more can be said.
  if (res.headersSent) return void req.socket.destroy();
  const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
  writeLedgerErrorAnswer(res, answerOf(error, { method: req.method, path, headers: req.headers }));
}

/** The node's HTTP face: health, then the JSON Ledger API v2 at the root, with its WebSockets. */
export function createGateway(deps: GatewayDeps): {
  /**
   * The node's HTTP face as a request listener (for `http.createServer`): the submit fast
   * lane first, then the express app with every route.
   */
  app: RequestListener;
  attachWebSockets(server: Server): void;
  /**
   * Ends every stream, so that the servers can close; with a reason (a revert), each stream's
   * client is told it (an error message, close code 1012, a `reverted` event).
   */
  closeStreams(reason?: string): void;
  /**
   * What the stream limits have done: the largest backlog held for one client, cut-offs; what
   * all clients hold, at most and now, and the cut-offs of the process-wide budget.
   */
  streamStats(): StreamStats;
  /** A failure as the API at `path` answers it (scale-out: a replica's forwarding fails). */
  renderError(error: unknown, path: string): { status: number; body: unknown };
} {
  const { node, logger } = deps;
  const authenticator = createAuthenticator(deps.auth, node.identityProviderForIssuer);
  const participant = node.identity.participantId;
  const limits = streamLimitsOf(deps.streamLimits);
  const budget = createStreamBudget(limits.totalHighWaterMark);
  const streams = { limits, gauge: createStreamGauge(), budget };
  const requestLimits = { ...defaultRequestLimits, ...deps.requestLimits };
  const admission = deps.admission ? createSubmissionAdmission(deps.admission) : undefined;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The node listens only once the journal is replayed, so answering at all means ready.
  app.get('/livez', (_req, res) => void res.status(200).end());
  app.get('/readyz', (_req, res) => void res.type('text/plain').send('OK'));
  app.use(identifyCaller(authenticator));
  if (admission) app.use(admitSubmissions(admission));
  // Submissions are the hot path: their routes come first and read their own JSON bodies, so a
  // command passes through no other router (each cost a microsecond or two per request).
  app.use(commandsRoutes({ node }));
  app.use(packageUploadRoutes({ node, maxUploadBytes: requestLimits.maxUploadBytes }));
  const graphql = deps.ledgerApiOnly
    ? null
    : validatorAppRoutes(app, deps, { authenticator, streams, admission, requestLimits });
  app.use(createJsonBodyParser());
  app.use(versionRoutes({ node }));
  app.use(ledgerApiRoutes({ node }));
  app.use(createLedgerNotFoundHandler());
  app.use(createLedgerErrorHandler({ logger, participant }));
  // submit-and-wait is answered ahead of express when it can be, failures as express would.
  const answerOf = createLedgerErrorAnswer({ logger, participant });
  const fastLane = createSubmitFastLane({
    node,
    knownCaller: (req) => knownCaller(authenticator, req),
    admission,
    answerFailure: (error, req, res) => answerLaneFailure(answerOf, error, req, res),
  });
  const webSockets: Array<{ close(reason?: string): void }> = [];
  return {
    app: (req, res) => {
      if (!fastLane(req, res)) app(req, res);
    },
    renderError: (error, path) => {
      if (!path.startsWith('/api/')) return renderLedgerError(error, { participant, traceId: '' });
      if (!isDomainError(error)) {
        return { status: 500, body: { error: 'An internal error occurred' } };
      }
      return { status: factsOf(error.code).httpStatus, body: { error: callerMessageOf(error) } };
    },
    streamStats: () => ({ ...streams.gauge.stats(), ...budget.stats() }),
    closeStreams: (reason?: string) => {
      for (const sockets of webSockets) sockets.close(reason);
      graphql?.close(reason);
    },
    attachWebSockets(server) {
      graphql?.attachWebSocket(server);
      const sockets = attachLedgerWebSockets(withoutGraphQLUpgrades(server), {
        node,
        authenticateUpgrade: (request) => callerOfRequest(authenticator, request),
        selectProtocol: selectWebSocketProtocol,
        renderError: (error) => renderLedgerError(error, { participant, traceId: '' }).body,
        refuse: (socket, error) => refuseUpgrade(socket, error, { participant, traceId: '' }),
        ...streams,
      });
      webSockets.push(sockets);
    },
  };
}

/**
 * Everything beside a participant's Ledger API: devnet controls, the inspector, web pages, the
 * wallet, scan, automations, the validator app and GraphQL. Answers the GraphQL server, whose
 * streams and WebSockets the gateway manages.
 */
function validatorAppRoutes(
  app: Express,
  deps: GatewayDeps,
  shared: {
    readonly authenticator: Authenticator;
    readonly streams: EventStreamGuardDeps;
    readonly admission: SubmissionAdmission | undefined;
    readonly requestLimits: RequestLimits;
  },
) {
  const { node, logger } = deps;
  const { authenticator, streams, admission, requestLimits } = shared;
  app.use('/api/devnet/v0', devTokenRoutes({ auth: deps.auth, logger }));
  const devnetControls = deps.devnetControls !== false;
  if (devnetControls) {
    app.use('/api/devnet/v0', devnetRoutes({ node, logger, timeMachine: deps.timeMachine }));
  }
  const inspect = createInspectApi({
    actors: node.actors,
    authenticator,
    logger,
    streamGuard: streams,
  });
  app.use('/api/inspect/v0', inspect.router);
  if (deps.webPages) app.use(webPageRoutes(deps.webPages));
  if (deps.webPages && deps.walletAtRoot)
    app.get('/', (_req, res) => res.redirect(302, '/wallet/'));
  app.use(walletUiRoutes({ node, auth: deps.auth }));
  app.use('/api/scan', scanRoutes({ scan: node.scan, logger }));
  app.use('/registry', hostRegistryRoutes({ scan: node.scan, logger }));
  app.use(
    '/api/automations/v0',
    automationsRoutes({ wallet: node.wallet, view: deps.automations, logger }),
  );
  app.use(
    '/api/validator',
    validatorRoutes({
      wallet: node.wallet,
      walletApps: node.walletApps,
      walletExternal: node.walletExternal,
      scan: node.scan,
      logger,
    }),
  );
  // yoga reads its own bodies, so it comes before the shared JSON parser.
  const graphql = createGraphQLOnDemand({
    services: {
      ...graphqlServicesOf(node),
      ...(admission ? { commands: withAdmittedCommands(node.commands, admission) } : {}),
    },
    authenticator,
    logger,
    automations: deps.automations,
    timeMachine: deps.timeMachine,
    devnetControls,
    streamGuard: streams,
    limits: { maxMutationFields: requestLimits.maxMutationFields },
    forwardMutations: deps.forwardMutations,
    ...(deps.webPages ? { page: graphiqlPageOf(deps.webPages) } : {}),
  });
  app.use(graphql.path, graphql.handler);
  return {
    close(reason?: string) {
      inspect.closeStreams(reason);
      graphql.close(reason);
    },
    attachWebSocket: (server: Server) => graphql.attachWebSocket(server),
  };
}
