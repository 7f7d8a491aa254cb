import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { createGateway, mintDevToken } from '@pocketnet/gateway';
import { createNode, createWallClock } from '@pocketnet/runtime';
import { pino } from 'pino';
import { loadPackages } from './load-packages.ts';
import { parseStartOptions } from './start-options.ts';

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
  const node = await createNode({
    dataDir: options.ephemeral ? null : resolve(join(options.dataDir, 'journal')),
    clock: createWallClock(),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: options.ledgerApiVersion,
    packages: await loadPackages(options.packageModules),
    devnet: options.devnet,
    onBackgroundError: (error) => logger.error({ err: error }, 'background automation failed'),
  });
  const gateway = createGateway({ node, auth: options.auth, logger });
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
  streams.stdout.write(banner({ port, host: options.host, token, options, startedAt, devnet }));

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
    await node.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  return 0;
}

function banner(input: {
  port: number;
  host: string;
  token: string | null;
  options: ReturnType<typeof parseStartOptions>;
  startedAt: number;
  devnet: { dso: string; validatorOperator: string } | null;
}): string {
  const base = `http://${input.host === '0.0.0.0' ? '127.0.0.1' : input.host}:${input.port}`;
  const lines = [
    `pocketnet ready in ${Math.round(performance.now() - input.startedAt)} ms (Node ${process.version})`,
    `  JSON Ledger API v2   ${base}/v2`,
    `  health               ${base}/livez  ${base}/readyz`,
    `  journal              ${input.options.ephemeral ? 'in memory (--ephemeral)' : resolve(input.options.dataDir)}`,
    `  auth                 ${input.options.auth.mode}`,
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
      `  validator operator   ${input.devnet.validatorOperator} (user ${input.options.devnet?.validatorWalletUser})`,
    );
  }
  if (input.token) lines.push(`  admin token          ${input.token}`);
  return `${lines.join('\n')}\n`;
}
