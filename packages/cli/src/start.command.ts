import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import {
  AutomationConfigError,
  createJobRunner,
  RedisEvictsKeysError,
  type ScaleOutSettings,
  ScaleOutSettingsError,
  scaleOutSettings,
  startAutomations,
} from '@pocketnet/automations';
import { createGateway, createHttpServer, mintDevToken } from '@pocketnet/gateway';
import { createNode, createStatelyInspection, createWallClock } from '@pocketnet/runtime';
import { webPages } from '@pocketnet/web';
import { type Logger, pino } from 'pino';
import { automationConfigOf } from './automation-config.ts';
import { closeServers } from './close-servers.ts';
import { loadPackages } from './load-packages.ts';
import { startLocalnetLogin } from './localnet/localnet-login.ts';
import { provisionLocalnetUsers } from './localnet/localnet-users.ts';
import { startOnRedis } from './roles/start-on-redis.ts';
import { banner, localnetPorts } from './start-banner.ts';
import { readStartOptions, type StartOptions } from './start-options.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

const requestGraceMs = 500;
const shutdownDeadlineMs = 5000;

/** A configuration that stops the start, with exit code 2 and its one-line reason. */
const isRefusedConfiguration = (error: unknown): error is Error =>
  error instanceof AutomationConfigError ||
  error instanceof RedisEvictsKeysError ||
  error instanceof ScaleOutSettingsError;

export async function startCommand(args: readonly string[], streams: Streams): Promise<number> {
  const startedAt = performance.now();
  const options = readStartOptions(args, streams.stderr, 'pocketnet');
  if (options === null) return 2;
  const logger = pino({ level: options.logLevel, base: { service: 'pocketnet' } });
  logger.info({ node: process.version }, 'starting');
  // A bad configuration (or knob) stops the start, before anything else.
  const prepared = await automationConfigOf(options)
    .then((config) => ({ config, settings: scaleOutSettings(process.env) }))
    .catch((error: unknown) => {
      if (!isRefusedConfiguration(error)) throw error;
      streams.stderr.write(`pocketnet: ${error.message}\n`);
      return null;
    });
  if (prepared === null) return 2;
  const packages = await loadPackages(options.packageModules);
  // The journal in a Redis Stream (scale-out, issue 12): this process is the network's writer.
  const { redisUrl } = options;
  if (options.journal === 'redis' && redisUrl !== null) {
    const redisOptions = { ...options, redisUrl };
    return startOnRedis({
      ...prepared,
      options: redisOptions,
      packages,
      logger,
      streams,
      startedAt,
    });
  }
  const runner = await createJobRunner({
    redisUrl: redisUrl ?? undefined,
    prefix: options.redisPrefix,
    logger,
  }).catch((error: unknown) => {
    if (!isRefusedConfiguration(error)) throw error;
    streams.stderr.write(`pocketnet: ${error.message}\n`);
    return null;
  });
  if (runner === null) return 2;
  await startEmbedded({ ...prepared, options, packages, runner, logger, streams, startedAt });
  return 0;
}

/** The node on its file (or memory) journal, in this one process. */
async function startEmbedded(input: {
  readonly options: StartOptions;
  readonly config: Awaited<ReturnType<typeof automationConfigOf>>;
  readonly settings: ScaleOutSettings;
  readonly packages: Awaited<ReturnType<typeof loadPackages>>;
  readonly runner: Awaited<ReturnType<typeof createJobRunner>>;
  readonly logger: Logger;
  readonly streams: Streams;
  readonly startedAt: number;
}): Promise<void> {
  const { options, config, settings, runner, logger } = input;
  const stately = options.inspect ? await createStatelyInspection(options.inspect) : null;
  // The config file's validatorWalletUser wins over --validator-wallet-user.
  const walletUser = config.validatorWalletUser ?? options.devnet?.validatorWalletUser ?? '';
  const node = await createNode({
    dataDir: options.journal === 'file' ? resolve(join(options.dataDir, 'journal')) : null,
    clock: createWallClock(),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    synchronizers: options.synchronizers,
    ledgerApiVersion: options.ledgerApiVersion,
    packages: input.packages,
    spliceDars: options.spliceDars,
    devnet: options.devnet && { ...options.devnet, validatorWalletUser: walletUser },
    scan: { history: options.scan },
    onBackgroundError: (error) => logger.error({ err: error }, 'background automation failed'),
  });
  stately?.watch(node.actors);
  // LocalNet's login: the participant trusts its key set beside the configured mode.
  const login = options.localnet ? await startLocalnetLogin({ host: options.host, logger }) : null;
  if (options.localnet) {
    await provisionLocalnetUsers(node, node.devnet?.parties.validatorOperator ?? null);
  }
  const auth =
    login && options.auth.mode !== 'none'
      ? { ...options.auth, oidcKeys: login.provider.verificationKey(login.provider.realms) }
      : options.auth;
  const automations = startAutomations({
    ...{ node, config, runner },
    logger: logger.child({ component: 'automations' }),
  });
  const gateway = createGateway({
    ...{ node, auth, logger, automations: automations.view },
    streamLimits: options.streamLimits,
    requestLimits: options.requestLimits,
    webPages,
    // Load shedding (issue 12): beyond these, submissions are refused with backpressure.
    admission: {
      maxInFlight: settings.maxInFlight,
      maxQueueMs: settings.writerMaxQueueMs,
      adaptive: settings.adaptiveAdmission,
    },
  });
  const servers: Server[] = login ? [login.server] : [];
  const listen = async (port: number) => {
    const server = createHttpServer(gateway.app);
    gateway.attachWebSockets(server);
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(port, options.host, done);
    });
    servers.push(server);
    const address = server.address();
    return typeof address === 'object' && address ? address.port : port;
  };
  const port = await listen(options.port);
  if (options.localnetPorts) {
    for (const localnetPort of Object.values(localnetPorts)) await listen(localnetPort);
  }
  const token =
    options.auth.mode === 'hs256'
      ? await mintDevToken({ ...options.auth, userId: 'participant_admin' })
      : null;
  const devnet = node.devnet ? { ...node.devnet.parties } : null;
  input.streams.stdout.write(
    banner({
      ...{ port, host: options.host, token, options, startedAt: input.startedAt, devnet },
      ...{ stately: stately?.url, walletUser, login: login?.port ?? null },
    }),
  );

  const shutdown = async () => {
    // A stuck client must not keep the journal open forever.
    setTimeout(() => process.exit(1), shutdownDeadlineMs).unref();
    gateway.closeStreams();
    await closeServers(servers, requestGraceMs);
    await automations.close();
    await node.close();
    stately?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
