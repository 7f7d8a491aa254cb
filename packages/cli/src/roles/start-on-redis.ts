import type { AutomationConfig, ScaleOutSettings } from '@pocketnet/automations';
import type { Package } from '@pocketnet/ledger';
import type { Logger } from 'pino';
import { banner, bannerToken, localnetPorts } from '../start-banner.ts';
import type { StartOptions } from '../start-options.ts';
import { createStatelyInspection } from '../stately-inspection.ts';
import type { LifeServers } from './life-servers.ts';
import { runRedisNodeLives } from './redis-node-lives.ts';
import { refusalOfRedis } from './redis-preflight.ts';
import { stopSignal } from './stop-signal.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

const shutdownDeadlineMs = 5000;

async function listenAll(servers: LifeServers, options: StartOptions): Promise<number> {
  const port = await servers.listen(options.port);
  if (options.localnetPorts) {
    for (const localnetPort of Object.values(localnetPorts)) await servers.listen(localnetPort);
  }
  return port;
}

/**
 * `start` with the journal in Redis (`--journal redis`, the default with REDIS_URL): the
 * all-in-one process is also the writer of a scaled-out network, so gateways and workers may
 * join it. Like `pocketnet writer` it outlives Redis: while Redis is away it answers 503
 * UNAVAILABLE, and once Redis is back it replays the journal and serves again by itself.
 */
export async function startOnRedis(input: {
  readonly options: StartOptions & { readonly redisUrl: string };
  readonly config: AutomationConfig;
  readonly packages: readonly Package[];
  readonly settings: ScaleOutSettings;
  readonly logger: Logger;
  readonly streams: Streams;
  readonly startedAt: number;
}): Promise<number> {
  const { options, logger, streams } = input;
  const signal = stopSignal();
  signal.addEventListener('abort', () => {
    // A stuck client must not keep the journal open forever.
    setTimeout(() => process.exit(1), shutdownDeadlineMs).unref();
  });
  const refusal = await refusalOfRedis(options, logger, signal);
  if (refusal !== null) {
    streams.stderr.write(`pocketnet: ${refusal}\n`);
    return 2;
  }
  const stately = options.inspect ? await createStatelyInspection(options.inspect) : null;
  const token = await bannerToken(options.auth);
  const outcome = await runRedisNodeLives({
    setup: {
      role: 'start',
      options,
      logger,
      config: input.config,
      packages: input.packages,
      settings: input.settings,
    },
    signal,
    listen: (servers) => listenAll(servers, options),
    onReady: (life, index) => {
      stately?.watch(life.node.actors);
      if (index > 0) {
        streams.stdout.write(
          `pocketnet serving again (life ${index}, journal at ${life.journal.position})\n`,
        );
        return;
      }
      const { port, walletUser } = life;
      streams.stdout.write(
        banner({
          port,
          host: options.host,
          token,
          options,
          startedAt: input.startedAt,
          devnet: life.node.devnet,
          stately: stately?.url,
          walletUser,
        }),
      );
    },
  });
  stately?.stop();
  if (outcome === 'fenced') {
    streams.stderr.write('pocketnet: a newer writer took the journal over; stopping\n');
  }
  process.exit(outcome === 'fenced' ? 3 : 0);
}
