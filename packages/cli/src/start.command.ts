import { join, resolve } from 'node:path';
import {
  AutomationConfigError,
  createJobRunner,
  RedisEvictsKeysError,
  type ScaleOutSettings,
  ScaleOutSettingsError,
  scaleOutSettings,
} from '@pocketnet/automations';
import { mintDevToken } from '@pocketnet/gateway';
import {
  createStatelyInspection,
  createWallClock,
  fileJournalStore,
  memoryJournalStore,
} from '@pocketnet/runtime';
import { type Logger, pino } from 'pino';
import { automationConfigOf } from './automation-config.ts';
import { closeServers } from './close-servers.ts';
import { readFixtureOption } from './fixtures/fixture-file.ts';
import { loadPackages } from './load-packages.ts';
import { startLocalnetLogin } from './localnet/localnet-login.ts';
import { provisionLocalnetUsers } from './localnet/localnet-users.ts';
import { StartRefusal, startEmbeddedNode } from './roles/embedded-lives.ts';
import { createLifeServers } from './roles/life-servers.ts';
import { startOnRedis } from './roles/start-on-redis.ts';
import { banner, localnetPorts } from './start-banner.ts';
import { readStartOptions, type StartOptions } from './start-options.ts';
import { readStateOption, writeState } from './state-files.ts';

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
    if (options.loadState || options.dumpState || options.fixture) {
      streams.stderr.write(
        'pocketnet: --load-state, --dump-state and --fixture need the journal on disk or in memory, not in Redis\n',
      );
      return 2;
    }
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
  try {
    const started = await startEmbedded({
      ...{ ...prepared, options, packages, runner },
      ...{ logger, streams, startedAt },
    });
    return started ? 0 : 2;
  } catch (error) {
    if (!(error instanceof StartRefusal)) throw error;
    streams.stderr.write(`pocketnet: ${error.message}\n`);
    await runner.close();
    return 2;
  }
}

/** The node on its file (or memory) journal, in this one process, its lives behind one set of servers. */
async function startEmbedded(input: {
  readonly options: StartOptions;
  readonly config: Awaited<ReturnType<typeof automationConfigOf>>;
  readonly settings: ScaleOutSettings;
  readonly packages: Awaited<ReturnType<typeof loadPackages>>;
  readonly runner: Awaited<ReturnType<typeof createJobRunner>>;
  readonly logger: Logger;
  readonly streams: Streams;
  readonly startedAt: number;
}): Promise<boolean> {
  const { options, config, settings, logger } = input;
  const loadState = await readStateOption(options.loadState, input.streams.stderr);
  if (loadState === false) return false;
  const fixture = await readFixtureOption(options.fixture, input.streams.stderr);
  if (fixture === false) return false;
  const stately = options.inspect ? await createStatelyInspection(options.inspect) : null;
  // The config file's validatorWalletUser wins over --validator-wallet-user.
  const walletUser = config.validatorWalletUser ?? options.devnet?.validatorWalletUser ?? '';
  // LocalNet's login: the participant trusts its key set beside the configured mode.
  const login = options.localnet ? await startLocalnetLogin({ host: options.host, logger }) : null;
  const auth =
    login && options.auth.mode !== 'none'
      ? { ...options.auth, oidcKeys: login.provider.verificationKey(login.provider.realms) }
      : options.auth;
  const servers = createLifeServers(options.host);
  // The first life runs on the runner the start checked; each later one (a revert) on its own.
  let firstRunner: typeof input.runner | null = input.runner;
  const embedded = await startEmbeddedNode({
    node: {
      participantName: 'participant1',
      synchronizerName: 'global-domain',
      synchronizers: options.synchronizers,
      ledgerApiVersion: options.ledgerApiVersion,
      packages: input.packages,
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
    createRunner: async () => {
      const runner = firstRunner;
      firstRunner = null;
      return (
        runner ??
        createJobRunner({
          redisUrl: options.redisUrl ?? undefined,
          prefix: options.redisPrefix,
          logger,
        })
      );
    },
    ...{ logger, auth, streamLimits: options.streamLimits, settings, servers },
    requestLimits: options.requestLimits,
    ...{ stately, loadState, fixture },
    // LocalNet's users are part of what the node reports ready with (reset keeps them).
    beforeReady: options.localnet
      ? (node) => provisionLocalnetUsers(node, node.devnet?.parties.validatorOperator ?? null)
      : undefined,
  });
  const port = await servers.listen(options.port);
  if (options.localnetPorts) {
    for (const localnetPort of Object.values(localnetPorts)) await servers.listen(localnetPort);
  }
  const token =
    options.auth.mode === 'hs256'
      ? await mintDevToken({ ...options.auth, userId: 'participant_admin' })
      : null;
  const first = embedded.current().node;
  const devnet = first.devnet ? { ...first.devnet.parties } : null;
  input.streams.stdout.write(
    banner({
      ...{ port, host: options.host, token, options, startedAt: input.startedAt, devnet },
      ...{ stately: stately?.url, walletUser, login: login?.port ?? null },
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
  return true;
}
