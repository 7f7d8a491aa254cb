import { createServer } from 'node:http';
import { createGateway } from '@pocketnet/gateway';
import { createSimulatedClock } from '@pocketnet/ledger';
import { createNode, defaultDevnetConfig, type PocketnetNode } from '@pocketnet/runtime';
import { pino } from 'pino';

/**
 * A devnet node in static time from `startMicros` behind its gateway on a free port, for
 * `pocketnet script` and its ledger over the JSON Ledger API.
 */
export async function startScriptLedgerNode(
  startMicros: bigint,
): Promise<{ node: PocketnetNode; url: string; close: () => Promise<void> }> {
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock: createSimulatedClock(startMicros),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
  });
  const gateway = createGateway({
    node,
    auth: { mode: 'none' },
    logger: pino({ level: 'silent' }),
  });
  const server = createServer(gateway.app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    node,
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await node.close();
    },
  };
}
