import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { scaleOutSettings } from '@pocketnet/automations';
import {
  type AuthConfig,
  createGateway,
  defaultAudience,
  type GatewayDeps,
} from '@pocketnet/gateway';
import type { PocketnetNode } from '@pocketnet/runtime';

export type RunningServer = { readonly url: string; close(): Promise<void> };

export const devSecret = 'unsafe';

export async function listen(server: Server): Promise<RunningServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The gateway only calls `logger.error` (for requests that fail unexpectedly); bench does not
 * depend on pino, so a stand-in counts those instead of printing one line per failed request.
 */
function countingLogger(errors: { count: number }): GatewayDeps['logger'] {
  const ignore = () => undefined;
  const logger = {
    level: 'error',
    error: () => {
      errors.count += 1;
    },
    warn: ignore,
    info: ignore,
    debug: ignore,
    trace: ignore,
    fatal: ignore,
    child: () => logger,
  };
  return logger as unknown as GatewayDeps['logger'];
}

export const devAuth: AuthConfig = { mode: 'hs256', secret: devSecret, audience: defaultAudience };

/** The real gateway over `node`; HS256 dev tokens unless told, as `pocketnet start` serves it. */
export async function startGatewayServer(
  node: PocketnetNode,
  auth: AuthConfig = devAuth,
): Promise<RunningServer & { readonly loggedErrors: { count: number } }> {
  const loggedErrors = { count: 0 };
  const defaults = scaleOutSettings({});
  const gateway = createGateway({
    node,
    auth,
    logger: countingLogger(loggedErrors),
    // As `pocketnet start` has it by default, so the bench pays for load shedding too.
    admission: { maxInFlight: defaults.maxInFlight, maxQueueMs: defaults.writerMaxQueueMs },
  });
  const server = createServer(gateway.app);
  gateway.attachWebSockets(server);
  return { ...(await listen(server)), loggedErrors };
}

/**
 * What any JSON-over-HTTP service pays at least: read the body, parse it, answer the same
 * JSON shape as submit-and-wait. No auth, no validation, no ledger.
 */
export function startBaselineServer(): Promise<RunningServer> {
  let offset = 0;
  const answer: RequestListener = (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { commandId: string };
      offset += 1;
      const updateId = `1220${body.commandId.padEnd(64, '0').slice(0, 64)}`;
      const json = JSON.stringify({ updateId, completionOffset: offset });
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(json),
      });
      response.end(json);
    });
  };
  return listen(createServer(answer));
}
