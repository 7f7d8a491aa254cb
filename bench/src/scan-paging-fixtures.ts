import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatTime } from '@pocketnet/ledger';
import { createIou, submitRequest } from './iou-commands.ts';
import { type IouNode, startIouNode } from './iou-node.ts';
import {
  activeOf,
  allocate,
  type DevnetNode,
  exerciseCommand,
  genesisMicros,
  latestOpenRound,
  spliceRefs,
  startDevnetNode,
  submitAs,
} from './splice-devnet.ts';

// What the Scan paging benchmark pages through: a ledger of Iou creates (every update the same
// shape, so the first and the last page weigh the same), and a devnet whose party holds many
// amulets in an ACS snapshot.

/** A bare ledger (no devnet) with `count` transactions, each one Iou create, 100 in flight. */
export async function startIouHistory(count: number): Promise<IouNode> {
  const ledger = await startIouNode(null);
  const { bank, alice } = ledger;
  let submitted = 0;
  const worker = async () => {
    while (submitted < count) {
      submitted += 1;
      const request = submitRequest([createIou(ledger)], [bank, alice], `scan-bench-${submitted}`);
      await ledger.node.engine.submit(request);
    }
  };
  await Promise.all(Array.from({ length: 100 }, worker));
  return ledger;
}

export type HoldingsNode = DevnetNode & { readonly owner: string; readonly snapshotTime: string };

/** A devnet where one party tapped `count` amulets (100 a transaction), then an ACS snapshot. */
export async function startHoldingsNode(count: number): Promise<HoldingsNode> {
  const devnet = await startDevnetNode();
  const { node, dso } = devnet;
  const owner = await allocate(node, 'holder');
  const [rules] = activeOf(node.engine, spliceRefs.amuletRules);
  if (!rules) throw new Error('the devnet has no AmuletRules');
  const openRound = latestOpenRound(node.engine, genesisMicros);
  const tap = exerciseCommand(spliceRefs.amuletRules, rules.contractId, 'AmuletRules_DevNet_Tap', {
    receiver: owner,
    amount: '1.0',
    openRound,
  });
  for (let tapped = 0; tapped < count; tapped += 100) {
    const batch = Array.from({ length: Math.min(100, count - tapped) }, () => tap);
    await submitAs(node.engine, { actAs: [owner], readAs: [dso] }, batch);
  }
  const snapshot = node.scan.history.state.force();
  return { ...devnet, owner, snapshotTime: formatTime(BigInt(snapshot.recordTimeMicros)) };
}

export type BaselineServer = { readonly url: string; close(): Promise<void> };

/**
 * The baseline: a node:http server that reads the request body and answers the very bytes of a
 * page pocketnet served, so the two differ only in finding and rendering the page.
 */
export async function startPreSerialisedServer(page: Buffer): Promise<BaselineServer> {
  const answer: RequestListener = (request, response) => {
    request.on('data', () => undefined);
    request.on('end', () => {
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': page.length,
      });
      response.end(page);
    });
  };
  const server = createServer(answer);
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
