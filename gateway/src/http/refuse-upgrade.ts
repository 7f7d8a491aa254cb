import type { Duplex } from 'node:stream';
import type { CantonErrorRenderOptions } from './canton-error.render.ts';
import { nodeHttp } from './node-http.ts';
import { renderLedgerError } from './render-ledger-error.ts';

/**
 * Answers a WebSocket upgrade that may not proceed (no or a bad token) with the HTTP error
 * Canton gives, JSON body included, and closes the socket.
 */
export function refuseUpgrade(
  socket: Duplex,
  error: unknown,
  options: CantonErrorRenderOptions & { readonly traceId: string },
): void {
  const { status, body } = renderLedgerError(error, options);
  const payload = JSON.stringify(body);
  socket.end(
    [
      `HTTP/1.1 ${status} ${nodeHttp.STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(payload)}`,
      'Connection: close',
      '',
      payload,
    ].join('\r\n'),
  );
}
