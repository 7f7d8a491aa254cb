import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSimulatedClock } from '@pocketnet/ledger';
import { createNode, defaultDevnetConfig, type PocketnetNode } from '@pocketnet/runtime';
import type { SpliceDarSet } from '@pocketnet/runtime/splice-dars';
import { packageCacheUnderTest, spliceDarsUnderTest } from '@pocketnet/runtime/testing';
import { webPages } from '@pocketnet/web';
import type { JWTVerifyGetKey } from 'jose';
import { type Logger, pino } from 'pino';
import type { StreamStats } from '../src/http/stream-gauge.ts';
import type { StreamLimits } from '../src/http/stream-limits.ts';
import { createGateway, createHttpServer, type GatewayDeps, mintDevToken } from '../src/index.ts';

export type TestNode = {
  readonly node: PocketnetNode;
  readonly url: string;
  readonly wsUrl: string;
  /** A token for `userId`, signed with the node's dev secret. */
  token(userId: string): Promise<string>;
  /** fetch against the node with a JSON body and the given user's token. */
  call(
    path: string,
    init?: { method?: string; body?: unknown; user?: string | null },
  ): Promise<Response>;
  /** The gateway's `closeStreams()`, as a stopping server calls it. */
  closeStreams(): void;
  close(): Promise<void>;
};

/** A started node also tells what its stream limits did (the gateway's `streamStats()`). */
export type StartedTestNode = TestNode & { streamStats(): StreamStats };

const secret = 'unsafe';
const audience = 'https://canton.network.global';

/** A real node with the real gateway on a free port, journal in memory unless a dir is given. */
export async function startTestNode(
  options: {
    dataDir?: string;
    devnet?: boolean;
    synchronizers?: readonly string[];
    streamLimits?: Partial<StreamLimits>;
    /** Where failures of the node's background work go (dropped otherwise). */
    onBackgroundError?: (error: unknown) => void;
    /** Whether it serves the wallet UI and the inspector (packages/web's folders): yes unless told. */
    pages?: boolean;
    /** The built-in OpenID provider's key set, trusted beside the dev secret. */
    oidcKeys?: JWTVerifyGetKey;
    /** Where the gateway logs (silent unless given). */
    logger?: Logger;
    /** The gateway's request limits, where a test sets them. */
    limits?: GatewayDeps['requestLimits'];
    /** `--splice-dars`: Splice's own DARs run the devnet (issue 21). */
    spliceDars?: SpliceDarSet;
  } = {},
): Promise<StartedTestNode> {
  // A devnet node runs Splice's own packages when the suite is run under the switch.
  const spliceDars = options.spliceDars ?? (options.devnet ? spliceDarsUnderTest() : undefined);
  const node = await createNode({
    dataDir: options.dataDir ?? null,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ...(options.synchronizers ? { synchronizers: options.synchronizers } : {}),
    ledgerApiVersion: '3.4.12',
    devnet: options.devnet ? defaultDevnetConfig : null,
    onBackgroundError:
      options.onBackgroundError ?? ((error) => console.error('background work failed', error)),
    ...(spliceDars ? { spliceDars } : {}),
    packageCache: packageCacheUnderTest,
  });
  return serveTestNode(node, options);
}

/**
 * `node` behind the real gateway on a free port. `ledgerApiOnly`: a further participant's
 * Ledger API alone (issue 22), whose `close` leaves the node open.
 */
export async function serveTestNode(
  node: PocketnetNode,
  options: Parameters<typeof startTestNode>[0] & { ledgerApiOnly?: boolean } = {},
): Promise<StartedTestNode> {
  const logger = options.logger ?? pino({ level: 'silent' });
  const gateway = createGateway({
    node,
    logger,
    ...(options.ledgerApiOnly ? { ledgerApiOnly: true } : {}),
    auth: {
      mode: 'hs256',
      secret,
      audience,
      ...(options.oidcKeys ? { oidcKeys: options.oidcKeys } : {}),
    },
    ...(options.streamLimits ? { streamLimits: options.streamLimits } : {}),
    ...(options.pages === false ? {} : { webPages }),
    ...(options.limits ? { requestLimits: options.limits } : {}),
  });
  const server: Server = createHttpServer(gateway.app);
  gateway.attachWebSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const token = (userId: string) => mintDevToken({ userId, secret, audience });
  return {
    node,
    url,
    wsUrl: `ws://127.0.0.1:${port}`,
    token,
    closeStreams: () => gateway.closeStreams(),
    streamStats: () => gateway.streamStats(),
    async call(path, init = {}) {
      const user = init.user === undefined ? 'participant_admin' : init.user;
      const headers: Record<string, string> = {};
      if (user !== null) headers.authorization = `Bearer ${await token(user)}`;
      return fetch(`${url}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      if (!options.ledgerApiOnly) await node.close();
    },
  };
}
