import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { DomainError } from '@pocketnet/ledger';
import type { Caller, LedgerApiService } from '@pocketnet/runtime';
import { WebSocketServer } from 'ws';
import { maxRequestBodyBytes } from '../http/json-body.middleware.ts';
import type { StreamBudget } from '../http/stream-budget.ts';
import type { StreamGauge } from '../http/stream-gauge.ts';
import type { StreamLimitsInForce } from '../http/stream-limits.ts';
import { failStream, type PacingDeps, paceStream, type StreamConnection } from './paced-stream.ts';
import { type ResumableStream, resumableEndpoints } from './stream-endpoints.ts';

export type WebSocketDeps = {
  readonly node: LedgerApiService;
  /** Establishes the caller from the upgrade request (the token rides in Sec-WebSocket-Protocol). */
  readonly authenticateUpgrade: (request: IncomingMessage) => Promise<Caller>;
  /** The subprotocol to accept among those the client offered. */
  readonly selectProtocol: (offered: ReadonlySet<string>) => string | false;
  readonly renderError: (error: unknown) => unknown;
  /** Answers an upgrade that may not proceed with the HTTP error Canton gives. */
  readonly refuse: (socket: Duplex, error: unknown) => void;
  /** What one connection may hold for a slow client (see paced-stream.ts). */
  readonly limits: StreamLimitsInForce;
  readonly gauge: StreamGauge;
  /** What all streams of the process may hold together (stream-budget.ts). */
  readonly budget: StreamBudget;
};

/**
 * The Ledger API's WebSocket channels: the client sends one request message, the server answers
 * with the stream's elements, each a JSON message, and closes when a bounded stream ends. An
 * error is sent as a JsCantonError message before the socket closes. A client that reads slower
 * than the stream runs is paced (paced-stream.ts), never buffered without bound.
 */
export function attachLedgerWebSockets(
  server: Server,
  deps: WebSocketDeps,
): { close(reason?: string): void } {
  const wss = new WebSocketServer({
    noServer: true,
    // A client sends one request message: as large as a request body may be, not ws's 100 MiB.
    maxPayload: maxRequestBodyBytes,
    handleProtocols: (offered) => deps.selectProtocol(offered),
  });
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const endpoint = resumableEndpoints[path];
    if (!endpoint) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    deps.authenticateUpgrade(request).then(
      (caller) =>
        wss.handleUpgrade(request, socket, head, (ws) => {
          serveStream({ ws, tcp: socket }, (body) => endpoint(deps.node, caller, body), deps);
        }),
      (error: unknown) => deps.refuse(socket, error),
    );
  });
  return {
    // Streams never end on their own, so a stopping server says goodbye (1001: going away).
    // A revert says why (as the stream's error, then 1012: service restart), and stays open.
    close(reason) {
      if (reason === undefined) {
        for (const client of wss.clients) client.close(1001, 'server shutting down');
        wss.close();
        return;
      }
      const error = new DomainError('UNAVAILABLE', `${reason}; resubscribe`);
      for (const client of wss.clients) {
        client.send(JSON.stringify(deps.renderError(error)));
        client.close(1012, reason);
      }
    },
  };
}

function serveStream(
  connection: StreamConnection,
  open: (body: unknown) => ResumableStream,
  deps: PacingDeps,
): void {
  const { ws } = connection;
  ws.once('message', (data) => {
    let stream: ResumableStream;
    try {
      stream = open(JSON.parse(String(data)));
    } catch (error) {
      return failStream(ws, error, deps);
    }
    paceStream(connection, stream, deps);
  });
}
