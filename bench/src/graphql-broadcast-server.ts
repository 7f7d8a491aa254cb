import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { UpdateView } from '@pocketnet/runtime';
import { type WebSocket, WebSocketServer } from 'ws';
import type { SlowClientLimits } from './graphql-bench-node.ts';
import type { IouNode } from './iou-node.ts';

// The baseline of the GraphQL subscription benchmark: a bare `ws` server that follows the same
// node's updates once and broadcasts each as the very frame graphql-ws sends for the
// benchmark's subscription (built by hand, stringified once, sent to every client).
//
// It is given what the gateway has, so that the two differ in their delivery machinery only:
// - Sends leave the commit path. The node's update bus is synchronous, and sending 1,000 frames
//   inside it made every commit wait for them (its publisher fell to 69 events/s while the
//   gateway's kept 500). Frames queue and go out once per event loop turn, each client's in
//   one write (the gateway corks each socket for the turn the same way).
// - The gateway's bounds on slow clients: one holding more than `highWaterMark` bytes is cut
//   off, and while all together hold more than `totalHighWaterMark` the one holding the most
//   is. Without them a bare server offered more than its clients read buffers without limit
//   (at 500 events/s on 2 cores, gigabytes within the five minutes).

/** The subscription's selection, as JSON: what a hand-written server would send. */
export function transferFrame(view: UpdateView): string {
  if (view.type !== 'transaction') return '';
  const { record } = view;
  const updates = {
    offset: record.offset,
    updateId: record.updateId,
    effectiveAt: record.effectiveAt,
    events: view.events.map((event) => ({
      __typename: event.kind === 'created' ? 'CreatedEvent' : 'ArchivedEvent',
      contractId: event.node.contractId,
      templateId: event.node.templateId,
      ...(event.kind === 'created' ? { contract: { payload: event.node.createArgument } } : {}),
    })),
  };
  return JSON.stringify({ id: '1', type: 'next', payload: { data: { updates } } });
}

/** The TCP socket each client's upgrade came on, which `ws` writes to. */
const tcpSockets = new WeakMap<WebSocket, Socket>();
const tcpOf = (client: WebSocket) => tcpSockets.get(client);

/** Clients cut off: holding more than `highWaterMark`, and while all held more than the total. */
export type BroadcastCutOffs = { overMark: number; overTotal: number };

/** Sends `frames` to every client, then cuts off those over the limits, counting them. */
function broadcast(
  clients: Set<WebSocket>,
  frames: readonly string[],
  options: { readonly limits: SlowClientLimits; readonly cutOffs: BroadcastCutOffs },
) {
  const { limits, cutOffs } = options;
  let total = 0;
  for (const client of clients) {
    if (client.readyState !== client.OPEN) continue;
    const socket = tcpOf(client);
    socket?.cork();
    for (const frame of frames) client.send(frame);
    socket?.uncork();
    if (client.bufferedAmount > limits.highWaterMark) {
      client.terminate();
      cutOffs.overMark += 1;
    } else total += client.bufferedAmount;
  }
  while (total > limits.totalHighWaterMark) {
    let worst: WebSocket | undefined;
    for (const client of clients) {
      if (client.readyState !== client.OPEN) continue;
      if (worst === undefined || client.bufferedAmount > worst.bufferedAmount) worst = client;
    }
    if (worst === undefined) break;
    total -= worst.bufferedAmount;
    worst.terminate();
    cutOffs.overTotal += 1;
  }
}

export async function startBroadcastServer(
  ledger: IouNode,
  options: { readonly beginExclusive: number; readonly limits: SlowClientLimits },
) {
  const server = createServer();
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (client, request) => tcpSockets.set(client, request.socket as Socket));
  const filter = {
    byParty: new Map([
      [
        ledger.bob,
        {
          wildcard: { includeCreatedEventBlob: false },
          templates: new Map(),
          interfaces: new Map(),
        },
      ],
    ]),
    anyParty: null,
    verbose: false,
  };
  const format = { transactions: { filter, shape: 'ACS_DELTA' as const }, topologyParties: null };
  let queued: string[] = [];
  const cutOffs: BroadcastCutOffs = { overMark: 0, overTotal: 0 };
  const flush = () => {
    const frames = queued;
    queued = [];
    broadcast(sockets.clients, frames, { limits: options.limits, cutOffs });
  };
  const range = { beginExclusive: options.beginExclusive, endInclusive: null };
  const subscription = ledger.node.reads
    .updates$({ kind: 'unrestricted' }, format, range)
    .subscribe((view) => {
      if (queued.length === 0) setImmediate(flush);
      queued.push(transferFrame(view));
    });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    /** Clients cut off for holding too much, and clients connected now. */
    stats: () => ({ ...cutOffs, clients: sockets.clients.size }),
    async close() {
      subscription.unsubscribe();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
