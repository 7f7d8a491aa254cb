import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGateway, defaultAudience, type GatewayDeps, mintDevToken } from '@pocketnet/gateway';
import type { Command } from '@pocketnet/ledger';
import type { PocketnetNode } from '@pocketnet/runtime';
import { iouTemplate, submitRequest } from './iou-commands.ts';
import { type IouNode, startIouNode } from './iou-node.ts';

// The node of the GraphQL subscription benchmark: Iou transfers published at a fixed rate,
// and the gateway (GraphQL over WebSocket) serving them.

export const devSecret = 'unsafe';

/** One transfer event: an Iou created and offered to bob in one transaction. */
function transferCommand(node: IouNode): Command {
  const { bank, alice, bob } = node;
  return {
    kind: 'createAndExercise',
    templateId: iouTemplate,
    createArguments: { issuer: bank, owner: alice, currency: 'USD', amount: '10.0', observers: [] },
    choice: 'Iou_Transfer',
    choiceArgument: { newOwner: bob },
  };
}

/**
 * Submits `rate` transfers a second (in ticks of 10 ms) until stopped; how many committed. A
 * process too busy to tick on time catches up by at most a quarter second's share per tick.
 */
export function startPublisher(node: IouNode, rate: number, label: string) {
  let sent = 0;
  let committed = 0;
  let failed = 0;
  const started = performance.now();
  const tick = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    const burst = sent + Math.ceil(rate / 4);
    for (; sent < Math.min(due, burst); sent += 1) {
      const request = submitRequest(
        [transferCommand(node)],
        [node.bank, node.alice],
        `${label}-${sent}`,
      );
      node.node.engine.submit(request).then(
        () => {
          committed += 1;
        },
        () => {
          failed += 1;
        },
      );
    }
  }, 10);
  return {
    stop() {
      clearInterval(tick);
      return { sent, committed, failed };
    },
  };
}

const ignore = () => undefined;
const quietLogger = {
  level: 'error',
  error: ignore,
  warn: ignore,
  info: ignore,
  debug: ignore,
  trace: ignore,
  fatal: ignore,
  child: () => quietLogger,
} as unknown as GatewayDeps['logger'];

/** A fresh node with the gateway on a free port; its WebSocket URL and a token for the user. */
export async function startGraphQLNode() {
  const ledger = await startIouNode(null);
  const auth = { mode: 'hs256', secret: devSecret, audience: defaultAudience } as const;
  const gateway = createGateway({ node: ledger.node, auth, logger: quietLogger });
  const server = createServer(gateway.app);
  gateway.attachWebSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const token = await mintDevToken({
    userId: ledger.userId,
    secret: devSecret,
    audience: defaultAudience,
  });
  return {
    ledger,
    url: `ws://127.0.0.1:${port}/graphql`,
    token,
    async close() {
      gateway.closeStreams();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await ledger.node.close();
    },
  };
}

export const ledgerEndOf = (node: PocketnetNode) => node.reads.ledgerEnd({ kind: 'unrestricted' });
