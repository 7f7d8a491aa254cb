import {
  type AutomationConfig,
  type Automations,
  type JobRunner,
  type ScaleOutSettings,
  startAutomations,
} from '@pocketnet/automations';
import {
  createBullmqRunner,
  serveAsWriter,
  startWriterAutomations,
  type WriterLife,
} from '@pocketnet/automations/redis';
import type { PackageCache } from '@pocketnet/daml-lf';
import { createGateway, nodeHttp, runForwardedRequest } from '@pocketnet/gateway';
import type { Package } from '@pocketnet/ledger';
import { createNode, type PocketnetNode } from '@pocketnet/runtime';
import { webPages } from '@pocketnet/web';
import type { Logger } from 'pino';
import type { StartOptions } from '../start-options.ts';
import type { LifeServers } from './life-servers.ts';
import { networkOf, redisLedger } from './redis-ledger.ts';

/** What every life of a node on a journal in Redis is built from. */
export type RedisNodeSetup = {
  /** `start` runs every automation queue; the `writer` the SV side's (workers run the rest). */
  readonly role: 'start' | 'writer';
  readonly options: StartOptions & { readonly redisUrl: string };
  readonly config: AutomationConfig;
  readonly packages: readonly Package[];
  readonly logger: Logger;
  readonly settings: ScaleOutSettings;
  /** Listen once, across lives (life-servers.ts). */
  readonly servers: LifeServers;
  /** Across lives too: a life after Redis came back decodes no package the one before did. */
  readonly packageCache: PackageCache;
};

export type RedisNodeLife = WriterLife & {
  readonly node: PocketnetNode;
  readonly port: number;
  readonly baseUrl: string;
  readonly walletUser: string;
  /** The journal when this life began: its fencing token, length and Redis's persistence. */
  readonly journal: {
    readonly epoch: number;
    readonly position: number;
    readonly durability: { readonly appendonly: string; readonly appendfsync: string } | null;
  };
};

type Closer = () => Promise<unknown>;

const closeWithin = (ms: number, closing: Promise<unknown>) =>
  Promise.race([closing.catch(() => {}), new Promise((done) => setTimeout(done, ms).unref())]);

/** Closes in reverse order of opening, none allowed more than two seconds. */
async function closeAll(closers: Closer[]): Promise<void> {
  for (const close of closers.splice(0).reverse()) await closeWithin(2000, close());
}

function automate(setup: RedisNodeSetup, node: PocketnetNode, runner: JobRunner) {
  const { config, logger } = setup;
  if (setup.role === 'start') return startAutomations({ node, config, runner, logger });
  // A bare ledger has no wallet, hence no automations on the writer.
  return setup.options.devnet ? startWriterAutomations({ node, config, runner, logger }) : null;
}

function nodeConfigOf(setup: RedisNodeSetup, walletUser: string) {
  const { options, logger } = setup;
  return {
    dataDir: null,
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ...(setup.role === 'start' ? { synchronizers: options.synchronizers } : {}),
    ledgerApiVersion: options.ledgerApiVersion,
    packages: setup.packages,
    spliceDars: options.spliceDars,
    packageCache: setup.packageCache,
    devnet: options.devnet && { ...options.devnet, validatorWalletUser: walletUser },
    scan: { history: options.scan },
    onBackgroundError: (error: unknown) =>
      logger.error({ err: error }, 'background automation failed'),
  };
}

function journalOf(writer: ReturnType<typeof redisLedger>['writer']): RedisNodeLife['journal'] {
  const opened = writer.journal();
  return {
    epoch: opened?.epoch ?? 0,
    position: writer.position(),
    durability: opened?.durability ?? null,
  };
}

/** Serves the life's API on the servers (listening with the first life). */
function serveApi(setup: RedisNodeSetup, node: PocketnetNode, automations: Automations | null) {
  const { options, logger, settings, servers } = setup;
  const gateway = createGateway({
    node,
    auth: options.auth,
    logger,
    streamLimits: options.streamLimits,
    requestLimits: options.requestLimits,
    ...(automations ? { automations: automations.view } : {}),
    webPages,
    admission: {
      maxInFlight: settings.maxInFlight,
      maxQueueMs: settings.writerMaxQueueMs,
      adaptive: settings.adaptiveAdmission,
    },
  });
  const upgrades = nodeHttp.createServer();
  gateway.attachWebSockets(upgrades);
  servers.serve({ app: gateway.app, upgrades, renderError: gateway.renderError });
  return gateway;
}

/**
 * One life of a node whose journal is in Redis (`writer`, or `start` on REDIS_URL): the node on
 * the journal (replayed), its automations on BullMQ, its API on the shared servers, and the
 * commands of replicas that join. It ends when the journal fails (Redis lost, or a newer
 * writer); from that moment the servers answer 503 until the next life serves.
 */
export async function startRedisNodeLife(
  setup: RedisNodeSetup,
  ports: () => Promise<number>,
): Promise<RedisNodeLife> {
  const { options, config, servers } = setup;
  const { redisUrl, redisPrefix: prefix } = options;
  const { promise: ended, resolve: fail } = Promise.withResolvers<Error>();
  const { clock, writer } = redisLedger(options, fail);
  const walletUser = config.validatorWalletUser ?? options.devnet?.validatorWalletUser ?? '';
  const closers: Closer[] = [];
  try {
    const node = await createNode({
      ...nodeConfigOf(setup, walletUser),
      clock,
      ledger: writer.ledger,
    });
    closers.push(() => node.close());
    const onError = (error: Error) => setup.logger.warn({ err: error }, 'Redis connection error');
    const runner = createBullmqRunner({ redisUrl, prefix, onError });
    const automations = automate(setup, node, runner);
    closers.push(() => automations?.close() ?? runner.close());
    const gateway = serveApi(setup, node, automations);
    closers.push(async () => gateway.closeStreams());
    closers.push(async () => servers.down());
    const port = await ports();
    const baseUrl = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`;
    const consumer = await serveAsWriter({
      redisUrl,
      prefix,
      runner,
      engine: node.engine,
      writer,
      http: (request) => runForwardedRequest(baseUrl, request),
      nowMicros: () => node.clock.nowMicros(),
      network: networkOf(options, walletUser),
      settings: setup.settings,
    });
    closers.push(() => consumer.close({ force: true }));
    // The moment the journal fails, requests are answered 503 rather than by a dead life.
    void ended.then(() => servers.down());
    const journal = journalOf(writer);
    return { ended, node, port, baseUrl, walletUser, journal, close: () => closeAll(closers) };
  } catch (error) {
    await closeAll(closers);
    throw error;
  }
}
