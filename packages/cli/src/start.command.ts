import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import {
  AutomationConfigError,
  createJobRunner,
  loadAutomationConfig,
  parseAutomationConfig,
  RedisEvictsKeysError,
  startAutomations,
} from '@pocketnet/automations';
import { createGateway, mintDevToken } from '@pocketnet/gateway';
import { createNode, createStatelyInspection, createWallClock } from '@pocketnet/runtime';
import { type Logger, pino } from 'pino';
import { loadPackages } from './load-packages.ts';
import { parseStartOptions } from './start-options.ts';
import { redisWriterForStart } from './writer.command.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

const requestGraceMs = 500;
const shutdownDeadlineMs = 5000;

// Where LocalNet serves the same APIs, so clients configured for it need no change.
const localnetPorts = { ledger: 2975, validator: 2000, scan: 4000 } as const;

export async function startCommand(args: readonly string[], streams: Streams): Promise<number> {
  const startedAt = performance.now();
  const options = parseStartOptions(args);
  const logger = pino({ level: options.logLevel, base: { service: 'pocketnet' } });
  logger.info({ node: process.version }, 'starting');
  // A bad configuration or a Redis that evicts keys stops the start, before anything else.
  const prepared = await prepareAutomations(options, logger).catch((error: unknown) => {
    if (!(error instanceof AutomationConfigError || error instanceof RedisEvictsKeysError)) {
      throw error;
    }
    streams.stderr.write(`pocketnet: ${error.message}\n`);
    return null;
  });
  if (prepared === null) return 2;
  const stately = options.inspect ? await createStatelyInspection(options.inspect) : null;
  // The journal in a Redis Stream (scale-out, issue 12): this process is the network's writer.
  const redisWriter = redisWriterForStart(options, logger);
  const node = await createNode({
    dataDir: options.journal === 'file' ? resolve(join(options.dataDir, 'journal')) : null,
    clock: redisWriter?.clock ?? createWallClock(),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    synchronizers: options.synchronizers,
    ledgerApiVersion: options.ledgerApiVersion,
    packages: await loadPackages(options.packageModules),
    devnet: options.devnet && { ...options.devnet, validatorWalletUser: prepared.walletUser },
    scan: { history: options.scan },
    onBackgroundError: (error) => logger.error({ err: error }, 'background automation failed'),
    ...(redisWriter ? { ledger: redisWriter.ledger } : {}),
  });
  stately?.watch(node.actors);
  const automations = startAutomations({
    node,
    config: prepared.config,
    runner: prepared.runner,
    logger: logger.child({ component: 'automations' }),
  });
  const gateway = createGateway({
    node,
    auth: options.auth,
    logger,
    automations: automations.view,
  });
  const servers: Server[] = [];
  const listen = async (port: number) => {
    const server = createServer(gateway.app);
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
      ? await mintDevToken({
          userId: 'participant_admin',
          secret: options.auth.secret,
          audience: options.auth.audience,
        })
      : null;
  const devnet = node.devnet ? { ...node.devnet.parties } : null;
  const serving = await redisWriter?.serve({
    node,
    runner: prepared.runner,
    baseUrl: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
    walletUser: prepared.walletUser,
  });
  streams.stdout.write(
    banner({
      ...{ port, host: options.host, token, options, startedAt, devnet },
      stately: stately?.url,
      walletUser: prepared.walletUser,
    }),
  );

  const shutdown = async () => {
    // A stuck client must not keep the journal open forever.
    setTimeout(() => process.exit(1), shutdownDeadlineMs).unref();
    gateway.closeStreams();
    const closed = servers.map((server) => new Promise((done) => server.close(done)));
    for (const server of servers) server.closeIdleConnections();
    // Requests in flight get a moment to be answered; then their connections are cut.
    const cut = setTimeout(() => {
      for (const server of servers) server.closeAllConnections();
    }, requestGraceMs);
    await Promise.all(closed);
    clearTimeout(cut);
    await serving?.close();
    await automations.close();
    await node.close();
    stately?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  return 0;
}

/** The automations' configuration (`--config`) and their job runner (BullMQ with REDIS_URL). */
async function prepareAutomations(options: ReturnType<typeof parseStartOptions>, logger: Logger) {
  const config = options.configFile
    ? await loadAutomationConfig(options.configFile)
    : parseAutomationConfig({});
  const runner = await createJobRunner({
    redisUrl: options.redisUrl ?? undefined,
    prefix: options.redisPrefix,
    logger,
  });
  // The config file's validatorWalletUser wins over --validator-wallet-user.
  const walletUser = config.validatorWalletUser ?? options.devnet?.validatorWalletUser ?? '';
  return { config, runner, walletUser };
}

function banner(input: {
  port: number;
  host: string;
  token: string | null;
  options: ReturnType<typeof parseStartOptions>;
  startedAt: number;
  devnet: { dso: string; validatorOperator: string } | null;
  walletUser: string;
  stately: string | undefined;
}): string {
  const base = `http://${input.host === '0.0.0.0' ? '127.0.0.1' : input.host}:${input.port}`;
  const lines = [
    `pocketnet ready in ${Math.round(performance.now() - input.startedAt)} ms (Node ${process.version})`,
    `  JSON Ledger API v2   ${base}/v2`,
    `  health               ${base}/livez  ${base}/readyz`,
    `  wallet               ${base}/wallet`,
    `  inspector            ${base}/inspect`,
    `  scan                 ${base}/api/scan  (registry ${base}/api/scan/registry)`,
    `  validator            ${base}/api/validator`,
    `  GraphQL              ${base}/graphql`,
    `  journal              ${journalOf(input.options)}`,
    `  auth                 ${input.options.auth.mode}`,
    `  automations          ${base}/api/automations/v0/queues  (${input.options.redisUrl ? 'BullMQ on REDIS_URL' : 'in process'})`,
  ];
  if (input.options.localnetPorts) {
    lines.push(
      `  LocalNet ports       ledger :${localnetPorts.ledger}  validator :${localnetPorts.validator}  scan :${localnetPorts.scan}`,
    );
  }
  if (input.devnet) {
    lines.push(
      `  devnet time          ${base}/api/devnet/v0/time  (POST …/time/advance, …/rounds/advance, …/amulet-price)`,
      `  DSO party            ${input.devnet.dso}`,
      `  validator operator   ${input.devnet.validatorOperator} (user ${input.walletUser})`,
    );
  }
  if (input.stately) lines.push(`  Stately inspector    ${input.stately} (--inspect stately)`);
  if (input.token) lines.push(`  admin token          ${input.token}`);
  return `${lines.join('\n')}\n`;
}

function journalOf(options: ReturnType<typeof parseStartOptions>): string {
  if (options.journal === 'redis') return `Redis Stream (REDIS_URL, prefix ${options.redisPrefix})`;
  if (options.journal === 'memory') return 'in memory (--ephemeral)';
  return resolve(options.dataDir);
}
