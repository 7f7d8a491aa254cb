import type { Server } from 'node:http';

/**
 * Stops listening on every server: idle connections close at once, requests in flight get
 * `graceMs` to be answered, then their connections are cut (a stuck client must not hold a
 * stopping node open).
 */
export async function closeServers(servers: readonly Server[], graceMs: number): Promise<void> {
  const closed = servers.map((server) => new Promise((done) => server.close(done)));
  for (const server of servers) server.closeIdleConnections();
  const cut = setTimeout(() => {
    for (const server of servers) server.closeAllConnections();
  }, graceMs);
  await Promise.all(closed);
  clearTimeout(cut);
}
