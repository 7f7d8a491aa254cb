import { createServer } from 'node:http';
import { createGateway } from '@pocketnet/gateway';
import { createSimulatedClock } from '@pocketnet/ledger';
import { createNode } from '@pocketnet/runtime';
import { pino } from 'pino';
import { createLedgerHttp, type LedgerHttp } from './ledger-http.ts';

/** Closing twice is harmless: the second call awaits the first. */
export type InProcessNode = { readonly http: LedgerHttp; close(): Promise<void> };

/**
 * The node `pocketnet start` composes (file journal in `journalDir`, the real gateway on a free
 * port), in this process: restarting it costs milliseconds, not a process start.
 */
export async function startInProcessNode(journalDir: string): Promise<InProcessNode> {
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: journalDir,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
  });
  const gateway = createGateway({
    node,
    auth: { mode: 'hs256', secret: 'unsafe', audience: 'https://canton.network.global' },
    logger: pino({ level: 'silent' }),
  });
  const server = createServer(gateway.app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let closed: Promise<void> | null = null;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    await node.close();
  };
  return {
    http: createLedgerHttp(`http://127.0.0.1:${port}`),
    close: () => {
      closed ??= close();
      return closed;
    },
  };
}
