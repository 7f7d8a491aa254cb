import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Caller, PocketnetNode } from '@pocketnet/runtime';
import type { Observable, Subscription } from 'rxjs';
import { type WebSocket, WebSocketServer } from 'ws';
import { streamEndpoints } from './stream-endpoints.ts';

export type WebSocketDeps = {
  readonly node: PocketnetNode;
  /** Establishes the caller from the upgrade request (the token rides in Sec-WebSocket-Protocol). */
  readonly authenticateUpgrade: (request: IncomingMessage) => Promise<Caller>;
  /** The subprotocol to accept among those the client offered. */
  readonly selectProtocol: (offered: ReadonlySet<string>) => string | false;
  readonly renderError: (error: unknown) => unknown;
  /** Answers an upgrade that may not proceed with the HTTP error Canton gives. */
  readonly refuse: (socket: Duplex, error: unknown) => void;
};

/**
 * The Ledger API's WebSocket channels: the client sends one request message, the server answers
 * with the stream's elements, each a JSON message, and closes when a bounded stream ends. An
 * error is sent as a JsCantonError message before the socket closes.
 */
export function attachLedgerWebSockets(server: Server, deps: WebSocketDeps): { close(): void } {
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => deps.selectProtocol(offered),
  });
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const endpoint = streamEndpoints[path];
    if (!endpoint) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    deps.authenticateUpgrade(request).then(
      (caller) =>
        wss.handleUpgrade(request, socket, head, (ws) => {
          serveStream(ws, (body) => endpoint(deps.node, caller, body), deps);
        }),
      (error: unknown) => deps.refuse(socket, error),
    );
  });
  return {
    // Streams never end on their own, so a stopping server says goodbye (1001: going away).
    close() {
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      wss.close();
    },
  };
}

function serveStream(
  ws: WebSocket,
  open: (body: unknown) => Observable<unknown>,
  deps: WebSocketDeps,
): void {
  let subscription: Subscription | undefined;
  const fail = (error: unknown) => {
    ws.send(JSON.stringify(deps.renderError(error)));
    ws.close(1000);
  };
  ws.once('message', (data) => {
    try {
      const body: unknown = JSON.parse(String(data));
      subscription = open(body).subscribe({
        next: (element) => ws.send(JSON.stringify(element)),
        error: fail,
        complete: () => ws.close(1000),
      });
    } catch (error) {
      fail(error);
    }
  });
  ws.on('close', () => subscription?.unsubscribe());
}
