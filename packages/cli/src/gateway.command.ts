import {
  awaitWriter,
  createAutomationView,
  queueNames,
  type ScaleOutSettings,
  type WriterAnnouncement,
} from '@pocketnet/automations';
import { createRedisReplica, type RedisReplica } from '@pocketnet/automations/redis';
import {
  createGateway,
  createHttpServer,
  createReplicaFrontDoor,
  forwardThrough,
  mintDevToken,
} from '@pocketnet/gateway';
import { createWallClock, type Package } from '@pocketnet/ledger';
import { createNode, type PocketnetNode } from '@pocketnet/runtime';
import { webPages } from '@pocketnet/web';
import { type Logger, pino } from 'pino';
import { loadPackages } from './load-packages.ts';
import { bannerTokenSeconds } from './start-banner.ts';
import { readStartOptions, type StartOptions } from './start-options.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

/**
 * A replica's node: the network the writer announced (its devnet, participant and version, so
 * that every replica agrees with it), fed from the journal, its writes forwarded to the writer.
 */
export async function createReplicaNode(input: {
  readonly announcement: WriterAnnouncement;
  readonly replica: RedisReplica;
  readonly options: StartOptions;
  readonly packages: readonly Package[];
  readonly logger: Logger;
}): Promise<PocketnetNode> {
  const { announcement, replica, options, logger } = input;
  const { devnet } = announcement;
  return createNode({
    dataDir: null,
    clock: replica.clock,
    participantName: announcement.participantName,
    synchronizerName: announcement.synchronizerName,
    ledgerApiVersion: announcement.ledgerApiVersion,
    packages: input.packages,
    devnet: devnet && { ...devnet, tickMicros: BigInt(devnet.tickMicros) },
    scan: { history: options.scan },
    ledger: replica.ledger,
    onBackgroundError: (error) => logger.error({ err: error }, 'background work failed'),
  });
}

/** The replica of a scaled-out network: waits for the writer, then follows the journal. */
export async function startReplica(
  options: StartOptions & { redisUrl: string },
  logger: Logger,
): Promise<{ replica: RedisReplica; node: PocketnetNode; settings: ScaleOutSettings }> {
  const settings = options.scaleOut;
  const { redisUrl, redisPrefix: prefix } = options;
  const announcement = await awaitWriter({ redisUrl, prefix });
  const replica = createRedisReplica({
    redisUrl,
    prefix,
    clock: createWallClock(),
    commandTimeoutMs: settings.commandTimeoutMs,
    maxInFlight: settings.maxInFlight,
    adaptiveLimit: settings.adaptiveLimit,
    lockDurationMs: settings.jobLockMs,
    onError: (error) => logger.warn({ err: error }, 'replica error'),
  });
  const packages = await loadPackages(options.packageModules);
  const node = await createReplicaNode({ announcement, replica, options, packages, logger });
  return { replica, node, settings };
}

/**
 * `pocketnet gateway`: a stateless API replica of a scaled-out network (REDIS_URL). It serves
 * every read, subscription and actor from its own bus, fed by the journal's stream; submissions
 * go to the writer over the command queue, other writes to the writer's API whole.
 */
export async function gatewayCommand(args: readonly string[], streams: Streams): Promise<number> {
  const startedAt = performance.now();
  const read = readStartOptions(args, streams, 'gateway');
  if (read.kind === 'exit') return read.code;
  const { options } = read;
  const { redisUrl } = options;
  if (redisUrl === null) {
    streams.stderr.write('pocketnet gateway needs REDIS_URL (the network meets in Redis)\n');
    return 2;
  }
  const logger = pino({ level: options.logLevel, base: { service: 'pocketnet-gateway' } });
  const { replica, node, settings } = await startReplica({ ...options, redisUrl }, logger);
  const view = createAutomationView(replica.runner, queueNames);
  const forward = forwardThrough(replica.replica);
  const gateway = createGateway({
    node,
    auth: options.auth,
    logger,
    automations: view,
    forwardMutations: forward,
    streamLimits: options.streamLimits,
    requestLimits: options.requestLimits,
    webPages,
  });
  const server = createHttpServer(
    createReplicaFrontDoor({
      forward,
      local: gateway.app,
      isConnected: replica.replica.isConnected,
      isFull: replica.replica.isFull,
      // Plan-based writes (parties, users, onboarding) are planned here once caught up.
      catchUp: replica.replica.catchUpToHead,
      renderError: gateway.renderError,
    }),
  );
  gateway.attachWebSockets(server);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen({ port: options.port, host: options.host, reusePort: settings.reusePort }, done);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const token =
    options.auth.mode === 'hs256'
      ? await mintDevToken({
          ...options.auth,
          userId: 'participant_admin',
          expiresInSeconds: bannerTokenSeconds,
        })
      : null;
  const base = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`;
  streams.stdout.write(
    [
      `pocketnet gateway ready in ${Math.round(performance.now() - startedAt)} ms (journal at ${replica.replica.position()})`,
      `  JSON Ledger API v2   ${base}/v2`,
      `  auth                 ${options.auth.mode}`,
      ...(token ? [`  admin token          ${token}  (valid ${bannerTokenSeconds / 3600} h)`] : []),
      '',
    ].join('\n'),
  );
  const shutdown = async () => {
    setTimeout(() => process.exit(1), 5000).unref();
    gateway.closeStreams();
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    await node.close();
    await replica.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  return 0;
}
