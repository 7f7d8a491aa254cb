import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UpdateView } from '@pocketnet/runtime';
import { WebSocketServer } from 'ws';
import type { IouNode } from './iou-node.ts';

// The baseline of the GraphQL subscription benchmark: a bare `ws` server that follows the same
// node's updates once and broadcasts each as the very frame graphql-ws sends for the
// benchmark's subscription (built by hand, stringified once, sent to every client).

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

export async function startBroadcastServer(ledger: IouNode, beginExclusive: number) {
  const server = createServer();
  const sockets = new WebSocketServer({ server });
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
  const subscription = ledger.node.reads
    .updates$({ kind: 'unrestricted' }, format, { beginExclusive, endInclusive: null })
    .subscribe((view) => {
      const frame = transferFrame(view);
      for (const client of sockets.clients) client.send(frame);
    });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    async close() {
      subscription.unsubscribe();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
