import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { createJobRunner, type ScaleOutSettings, startAutomations } from '@pocketnet/automations';
import { createGateway, createHttpServer, mintDevToken } from '@pocketnet/gateway';
import { createNode, createStatelyInspection, createWallClock } from '@pocketnet/runtime';
import { webPages } from '@pocketnet/web';
import { type Logger, pino } from 'pino';
import { automationConfigOf } from './automation-config.ts';
import { closeServers } from './close-servers.ts';
import { loadPackages } from './load-packages.ts';
import { localnetParticipants } from './localnet/localnet-layout.ts';
import { startLocalnetLogin } from './localnet/localnet-login.ts';
import { provisionLocalnetUsers } from './localnet/localnet-users.ts';
import { serveLocalnet } from './localnet/serve-localnet.ts';
import { banner, bannerTokenSeconds, localnetPorts } from './start-banner.ts';
import { readStartOptions, type StartOptions } from './start-options.ts';
import { assertConfigPartiesKnown, refusalOfStart } from './start-refusals.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

const requestGraceMs = 500;
const shutdownDeadlineMs = 5000;

export async function startCommand(args: readonly string[], streams: Streams): Promise<number> {
  const startedAt = performance.now();
  const read = readStartOptions(args, streams, 'start');
  if (read.kind === 'exit') return read.code;
  const { options } = read;
  // What a refused start has opened already is closed again, the journal's lock first of all.
  const opened: Array<() => Promise<unknown>> = [];
  try {
    return await startWith(options, streams, startedAt, opened);
  } catch (error) {
    const where = { port: options.port, host: options.host, dataDir: resolve(options.dataDir) };
    const refusal = refusalOfStart(error, where);
    if (refusal === null) throw error;
    for (const close of opened.reverse()) await close().catch(() => undefined);
    streams.stderr.write(`pocketnet: ${refusal}\n`);
    return 2;
  }
}

async function startWith(
  options: StartOptions,
  streams: Streams,
  startedAt: number,
  opened: Array<() => Promise<unknown>>,
): Promise<number> {
  const logger = pino({ level: options.logLevel, base: { service: 'pocketnet' } });
  logger.info({ node: process.version }, 'starting');
  // A bad configuration stops the start, before anything else.
  const prepared = { config: await automationConfigOf(options), settings: options.scaleOut };
  const packages = await loadPackages(options.packageModules);
  // The journal in a Redis Stream (scale-out, issue 12): this process is the network's writer.
  const { redisUrl } = options;
  if (options.journal === 'redis' && redisUrl !== null) {
    const redisOptions = { ...options, redisUrl };
    // Loaded only here: BullMQ and ioredis are no part of a start without Redis.
    const { startOnRedis } = await import('./roles/start-on-redis.ts');
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
  });
  opened.push(() => runner.close());
  await startEmbedded(
    { ...prepared, options, packages, runner, logger, streams, startedAt },
    opened,
  );
  return 0;
}

/** The node on its file (or memory) journal, in this one process. */
async function startEmbedded(
  input: {
    readonly options: StartOptions;
    readonly config: Awaited<ReturnType<typeof automationConfigOf>>;
    readonly settings: ScaleOutSettings;
    readonly packages: Awaited<ReturnType<typeof loadPackages>>;
    readonly runner: Awaited<ReturnType<typeof createJobRunner>>;
    readonly logger: Logger;
    readonly streams: Streams;
    readonly startedAt: number;
  },
  opened: Array<() => Promise<unknown>>,
): Promise<void> {
  const { options, config, settings, runner, logger } = input;
  const stately = options.inspect ? await createStatelyInspection(options.inspect) : null;
  if (stately) opened.push(async () => stately.stop());
  // The config file's validatorWalletUser wins over --validator-wallet-user.
  const walletUser = config.validatorWalletUser ?? options.devnet?.validatorWalletUser ?? '';
  const node = await createNode({
    dataDir: options.journal === 'file' ? resolve(join(options.dataDir, 'journal')) : null,
    clock: createWallClock(),
    participantName: 'participant1',
    // LocalNet's app-provider and app-user participants beside the SV's (issue 22).
    ...(options.localnet ? { participants: localnetParticipants } : {}),
    synchronizerName: 'global-domain',
    synchronizers: options.synchronizers,
    ledgerApiVersion: options.ledgerApiVersion,
    packages: input.packages,
    devnet: options.devnet && { ...options.devnet, validatorWalletUser: walletUser },
    scan: { history: options.scan },
    onBackgroundError: (error) => logger.error({ err: error }, 'background automation failed'),
  });
  opened.push(() => node.close());
  assertConfigPartiesKnown(node, config, options.configFile);
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
  opened.push(() => automations.close());
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
  opened.push(() => closeServers(servers, 0));
  const gateways = [gateway];
  const listen = async (port: number, served = gateway) => {
    const server = createHttpServer(served.app);
    served.attachWebSockets(server);
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(port, options.host, done);
    });
    servers.push(server);
    const address = server.address();
    return typeof address === 'object' && address ? address.port : port;
  };
  const port = await listen(options.port);
  if (options.localnet) {
    // The app-provider's and app-user's participants, each behind its own Ledger API.
    const participantGateways = await serveLocalnet(node, listen, (participantNode) =>
      createGateway({
        ...{ node: participantNode, auth, logger, ledgerApiOnly: true },
        streamLimits: options.streamLimits,
        requestLimits: options.requestLimits,
      }),
    );
    gateways.push(...participantGateways);
  } else if (options.localnetPorts) {
    for (const localnetPort of Object.values(localnetPorts)) await listen(localnetPort);
  }
  const token =
    options.auth.mode === 'hs256'
      ? await mintDevToken({
          ...options.auth,
          userId: 'participant_admin',
          expiresInSeconds: bannerTokenSeconds,
        })
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
    for (const each of gateways) each.closeStreams();
    await closeServers(servers, requestGraceMs);
    await automations.close();
    await node.close();
    stately?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
