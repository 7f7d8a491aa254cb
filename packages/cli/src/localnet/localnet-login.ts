import type { Server } from 'node:http';
import { createOidcApp, createOidcProvider, nodeHttp } from '@pocketnet/gateway';
import type { Logger } from 'pino';
import { localnetOidcPort, localnetRealms } from './localnet-realms.ts';

/**
 * LocalNet's login, built in: an OpenID provider with Keycloak's paths and LocalNet's realms,
 * listening where LocalNet's Keycloak does. Its key set is what the participants trust.
 */
export async function startLocalnetLogin(input: {
  readonly host: string;
  readonly port?: number;
  readonly logger: Logger;
}) {
  const provider = await createOidcProvider({ realms: localnetRealms });
  const app = createOidcApp(provider, input.logger.child({ component: 'oidc' }));
  const server: Server = nodeHttp.createServer(app);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(input.port ?? localnetOidcPort, input.host, done);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : localnetOidcPort;
  return { provider, server, port };
}
