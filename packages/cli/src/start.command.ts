import { join, resolve } from 'node:path';
import { createJobRunner, type ScaleOutSettings } from '@pocketnet/automations';
import { createPackageCache } from '@pocketnet/daml-lf';
import { createWallClock } from '@pocketnet/ledger';
import { fileJournalStore, memoryJournalStore } from '@pocketnet/runtime';
import { type Logger, pino } from 'pino';
import { automationConfigOf } from './automation-config.ts';
import { closeServers } from './close-servers.ts';
import { readFixtureOption } from './fixtures/fixture-file.ts';
import { loadPackages } from './load-packages.ts';
import { localnetParticipants, localnetValidatorApps } from './localnet/localnet-layout.ts';
import { startLocalnetLogin } from './localnet/localnet-login.ts';
import { provisionLocalnetUsers } from './localnet/localnet-users.ts';
import { listenLocalnet } from './localnet/serve-localnet.ts';
import { StartRefusal, startEmbeddedNode } from './roles/embedded-lives.ts';
import { createLifeServers } from './roles/life-servers.ts';
import { banner, bannerToken, localnetPorts } from './start-banner.ts';
import { readStartOptions, type StartOptions } from './start-options.ts';
import { assertConfigPartiesKnown, refusalOfStart } from './start-refusals.ts';
import { readStateOption, writeState } from './state-files.ts';
import { createStatelyInspection } from './stately-inspection.ts';

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
    if (options.loadState || options.dumpState || options.fixture) {
      throw new StartRefusal(
        '--load-state, --dump-state and --fixture need the journal on disk or in memory, not in Redis',
      );
    }
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

/** The node on its file (or memory) journal, in this one process, its lives behind one set of servers. */
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
  const { options, config, settings, logger } = input;
  const loadState = await readStateOption(options.loadState);
  const fixture = await readFixtureOption(options.fixture);
  const stately = options.inspect ? await createStatelyInspection(options.inspect) : null;
  if (stately) opened.push(async () => stately.stop());
  // The config file's validatorWalletUser wins over --validator-wallet-user.
  const walletUser = config.validatorWalletUser ?? options.devnet?.validatorWalletUser ?? '';
  // LocalNet's login: the participant trusts its key set beside the configured mode.
  const login = options.localnet ? await startLocalnetLogin({ host: options.host, logger }) : null;
  if (login) opened.push(() => closeServers([login.server], 0));
  const auth =
    login && options.auth.mode !== 'none'
      ? { ...options.auth, oidcKeys: login.provider.verificationKey(login.provider.realms) }
      : options.auth;
  const servers = createLifeServers(options.host);
  opened.push(() => servers.close(0));
  // `--localnet`: the app-provider's and the app-user's participants, each on servers of its own.
  const participantServers = options.localnet
    ? localnetParticipants.map(() => createLifeServers(options.host))
    : [];
  for (const each of participantServers) opened.push(() => each.close(0));
  // The first life runs on the runner the start checked; each later one (a revert) on its own.
  let firstRunner: typeof input.runner | null = input.runner;
  const embedded = await startEmbeddedNode({
    node: {
      participantName: 'participant1',
      // LocalNet's app-provider and app-user participants beside the SV's (issue 22).
      ...(options.localnet
        ? { participants: localnetParticipants, validatorApps: localnetValidatorApps }
        : {}),
      synchronizerName: 'global-domain',
      synchronizers: options.synchronizers,
      ledgerApiVersion: options.ledgerApiVersion,
      packages: input.packages,
      spliceDars: options.spliceDars,
      // One for every life: a revert's new node reuses the packages the one before decoded.
      packageCache: createPackageCache(),
      devnet: options.devnet && { ...options.devnet, validatorWalletUser: walletUser },
      scan: { history: options.scan },
      onBackgroundError: (error) => logger.error({ err: error }, 'background automation failed'),
    },
    store:
      options.journal === 'file'
        ? fileJournalStore(resolve(join(options.dataDir, 'journal')))
        : memoryJournalStore(),
    clock: createWallClock(),
    config,
    createRunner: async (scope, undo) => {
      const checked = scope === null ? firstRunner : null;
      if (scope === null) firstRunner = null;
      // The checked runner is kept if it is BullMQ's; an in-process one must record into the
      // node's undo log (a revert in place), which did not exist when it was made (the one
      // made is closed with what the start opened).
      if (checked?.kind === 'bullmq') return checked;
      return createJobRunner({
        redisUrl: options.redisUrl ?? undefined,
        // An app validator's queues beside the SV's, not shared with them.
        prefix: scope === null ? options.redisPrefix : `${options.redisPrefix}-${scope}`,
        logger,
        undo,
      });
    },
    logger,
    auth,
    streamLimits: options.streamLimits,
    settings,
    servers,
    participantServers,
    requestLimits: options.requestLimits,
    stately,
    loadState,
    fixture,
    // Before the node reports ready (reset comes back to here): the config's parties are
    // checked, LocalNet's users provisioned.
    beforeReady: async (node) => {
      assertConfigPartiesKnown(node, config, options.configFile);
      if (options.localnet) {
        await provisionLocalnetUsers(node, node.devnet?.parties.validatorOperator ?? null);
      }
    },
  });
  opened.push(() => embedded.close());
  const port = await servers.listen(options.port);
  if (options.localnet) {
    await listenLocalnet(servers, participantServers);
  } else if (options.localnetPorts) {
    for (const localnetPort of Object.values(localnetPorts)) await servers.listen(localnetPort);
  }
  const token = await bannerToken(options.auth);
  input.streams.stdout.write(
    banner({
      port,
      host: options.host,
      token,
      options,
      startedAt: input.startedAt,
      devnet: embedded.current().node.devnet,
      stately: stately?.url,
      walletUser,
      login: login?.port ?? null,
    }),
  );

  const shutdown = async () => {
    // A stuck client must not keep the journal open forever.
    setTimeout(() => process.exit(1), shutdownDeadlineMs).unref();
    if (options.dumpState) {
      await writeState(embedded.timeMachine, options.dumpState).catch((error: unknown) =>
        logger.error({ err: error }, 'could not write --dump-state'),
      );
    }
    embedded.current().closeStreams();
    await servers.close(requestGraceMs);
    if (login) await closeServers([login.server], requestGraceMs);
    await embedded.close();
    stately?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
