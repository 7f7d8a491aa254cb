import { createServer, type Server } from 'node:http';
import {
  type AutomationConfig,
  assertRedisKeepsKeys,
  createBullmqRunner,
  createRedisWriterLedger,
  type JobRunner,
  loadAutomationConfig,
  parseAutomationConfig,
  runWriterLives,
  scaleOutSettings,
  serveAsWriter,
  startWriterAutomations,
  type WriterAnnouncement,
  type WriterLife,
  waitForRedis,
} from '@pocketnet/automations';
import { createGateway } from '@pocketnet/gateway';
import {
  createFollowerClock,
  createNode,
  createWallClock,
  observeRecordTime,
  type Package,
  type PocketnetNode,
} from '@pocketnet/runtime';
import { type Logger, pino } from 'pino';
import { loadPackages } from './load-packages.ts';
import { parseStartOptions, type StartOptions } from './start-options.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

type WriterSetup = {
  readonly options: StartOptions & { readonly redisUrl: string };
  readonly config: AutomationConfig;
  readonly packages: readonly Package[];
  readonly logger: Logger;
};

const closeWithin = (ms: number, closing: Promise<unknown>) =>
  Promise.race([closing.catch(() => {}), new Promise((done) => setTimeout(done, ms).unref())]);

const baseUrlOf = (host: string, port: number) =>
  `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

/** What replicas are told of the network, so that they build the node the writer runs. */
function networkOf(options: StartOptions, walletUser: string): Omit<WriterAnnouncement, 'epoch'> {
  const { devnet } = options;
  return {
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: options.ledgerApiVersion,
    devnet: devnet && {
      seed: devnet.seed,
      tickMicros: devnet.tickMicros.toString(),
      validatorWalletUser: walletUser,
    },
  };
}

/** The journal in Redis for a node, with a clock that resumes from the journal's last time. */
function redisLedger(options: StartOptions & { redisUrl: string }, onFailure: (e: Error) => void) {
  const clock = createFollowerClock(createWallClock());
  const writer = createRedisWriterLedger({
    redisUrl: options.redisUrl,
    prefix: options.redisPrefix,
    onFailure,
    onReplayed: (record) => observeRecordTime(clock, record),
  });
  return { clock, writer };
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, done);
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/** One life of the writer: the node on the journal, its own API, the commands of replicas. */
async function startLife(setup: WriterSetup, life: number, streams: Streams): Promise<WriterLife> {
  const { options, config, logger } = setup;
  let fail: (error: Error) => void = () => {};
  const ended = new Promise<Error>((resolve) => {
    fail = resolve;
  });
  const { clock, writer } = redisLedger(options, (error) => fail(error));
  const walletUser = config.validatorWalletUser ?? options.devnet?.validatorWalletUser ?? '';
  const devnet = options.devnet && { ...options.devnet, validatorWalletUser: walletUser };
  const node = await createNode({
    ...{ dataDir: null, clock, participantName: 'participant1', synchronizerName: 'global-domain' },
    ...{ ledgerApiVersion: options.ledgerApiVersion, packages: setup.packages, devnet },
    scan: { history: options.scan },
    ledger: writer.ledger,
    onBackgroundError: (error) => logger.error({ err: error }, 'background automation failed'),
  });
  const { redisUrl, redisPrefix: prefix } = options;
  const onError = (error: Error) => logger.warn({ err: error }, 'Redis connection error');
  const runner = createBullmqRunner({ redisUrl, prefix, onError });
  // A bare ledger has no wallet, hence no automations.
  const automations = devnet ? startWriterAutomations({ node, config, runner, logger }) : null;
  const view = automations ? { automations: automations.view } : {};
  const gateway = createGateway({ node, auth: options.auth, logger, ...view });
  const server = createServer(gateway.app);
  const baseUrl = baseUrlOf(options.host, await listen(server, options.port, options.host));
  const consumer = await serveAsWriter({
    ...{ redisUrl, prefix, runner, engine: node.engine, writer, baseUrl },
    nowMicros: () => node.clock.nowMicros(),
    network: networkOf(options, walletUser),
    settings: scaleOutSettings(process.env),
  });
  const { epoch, durability } = writer.journal() ?? { epoch: 0, durability: null };
  streams.stdout.write(
    `pocketnet writer ready (life ${life}, epoch ${epoch}, journal at ${writer.position()}, ` +
      `AOF ${durability?.appendonly}/${durability?.appendfsync}) on ${baseUrl}\n`,
  );
  return {
    ended,
    async close() {
      await closeWithin(2000, consumer.close({ force: true }));
      await closeWithin(2000, automations?.close() ?? runner.close());
      server.closeAllConnections();
      await closeWithin(1000, new Promise((done) => server.close(done)));
      await closeWithin(2000, node.close());
    },
  };
}

/**
 * `pocketnet writer`: the ledger's single writer in a scaled-out network (REDIS_URL). It opens
 * the journal in Redis (fencing any earlier writer), serves replicas' commands from the command
 * queue, runs the node's background work and every automation trigger, and its own API on
 * --port. When Redis goes away it starts over once Redis is back; a writer fenced by a newer one
 * exits with 3.
 */
export async function writerCommand(args: readonly string[], streams: Streams): Promise<number> {
  const options = parseStartOptions(args);
  const { redisUrl } = options;
  if (redisUrl === null) {
    streams.stderr.write('pocketnet writer needs REDIS_URL (the network meets in Redis)\n');
    return 2;
  }
  const logger = pino({ level: options.logLevel, base: { service: 'pocketnet-writer' } });
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  process.once('SIGTERM', () => controller.abort());
  await waitForRedis(redisUrl, controller.signal);
  await assertRedisKeepsKeys(redisUrl);
  const setup: WriterSetup = {
    options: { ...options, redisUrl },
    config: options.configFile
      ? await loadAutomationConfig(options.configFile)
      : parseAutomationConfig({}),
    packages: await loadPackages(options.packageModules),
    logger,
  };
  const outcome = await runWriterLives({
    redisUrl,
    signal: controller.signal,
    start: (life) => startLife(setup, life, streams),
    onRestart: (error) => logger.warn({ err: error }, 'the journal failed; starting over'),
  });
  if (outcome === 'fenced') {
    streams.stderr.write('pocketnet writer: a newer writer took the journal over; stopping\n');
  }
  process.exit(outcome === 'fenced' ? 3 : 0);
}

/**
 * `start` with the journal in Redis (`--journal redis`, the default with REDIS_URL): the
 * all-in-one process is also the writer of a scaled-out network, so that gateways and workers
 * may join it. Unlike `pocketnet writer` it does not start over when Redis goes away: it stops,
 * and its supervisor starts it again.
 */
export function redisWriterForStart(options: StartOptions, logger: Logger) {
  const { redisUrl } = options;
  if (options.journal !== 'redis' || redisUrl === null) return null;
  const { clock, writer } = redisLedger({ ...options, redisUrl }, (error) => {
    logger.fatal({ err: error }, 'the journal in Redis failed; stopping');
    process.exit(1);
  });
  return {
    clock,
    ledger: writer.ledger,
    /** Serves the commands of replicas that join, and tells them the network it runs. */
    serve: (input: {
      node: PocketnetNode;
      runner: JobRunner;
      baseUrl: string;
      walletUser: string;
    }): Promise<{ close(): Promise<void> }> =>
      serveAsWriter({
        ...{ redisUrl, prefix: options.redisPrefix, runner: input.runner, writer },
        ...{ engine: input.node.engine, baseUrl: input.baseUrl },
        nowMicros: () => input.node.clock.nowMicros(),
        network: networkOf(options, input.walletUser),
        settings: scaleOutSettings(process.env),
      }),
  };
}
