import type { IncomingMessage } from 'node:http';
import { RequestBodyError } from './request-body-error.ts';

/**
 * The length of a body that can be read as it arrives: a Content-Length within `limit`, no
 * Content-Encoding or Transfer-Encoding, and nobody reading the request yet. `null` for any
 * other request, which body-parser's `raw()` reads (and refuses, with its messages).
 */
export function plainBodyLength(request: IncomingMessage, limit: number): number | null {
  const { headers } = request;
  const declared = headers['content-length'];
  if (declared === undefined || !/^\d+$/.test(declared)) return null;
  if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) {
    return null;
  }
  const length = Number(declared);
  if (length === 0 || length > limit) return null;
  if (request.readableFlowing !== null || request.readableEnded) return null;
  return length;
}

/**
 * Reads a body `plainBodyLength` accepted, as `raw()` would: the bytes once the request has
 * ended; a request that breaks off answers 400 (to nobody, as the client has gone). It skips
 * raw()'s per-request setup (async resource, charset and encoding checks, debug calls), a few
 * microseconds of every submission. Node's parser holds the body to its Content-Length.
 */
export function readPlainBody(
  request: IncomingMessage,
  length: number,
  done: (error: RequestBodyError | null, body: Buffer | null) => void,
): void {
  const chunks: Buffer[] = [];
  let received = 0;
  const finish = (error: RequestBodyError | null, body: Buffer | null) => {
    request.off('data', onData);
    request.off('end', onEnd);
    request.off('aborted', onAborted);
    request.off('error', onError);
    done(error, body);
  };
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    received += chunk.length;
  };
  const onEnd = () => {
    if (received !== length) {
      finish(new RequestBodyError('request size did not match content length'), null);
    } else {
      finish(null, chunks.length === 1 ? (chunks[0] ?? null) : Buffer.concat(chunks, received));
    }
  };
  const onAborted = () => finish(new RequestBodyError('request aborted'), null);
  const onError = (error: Error) =>
    finish(new RequestBodyError(error.message, { cause: error }), null);
  request.on('data', onData);
  request.once('end', onEnd);
  request.once('aborted', onAborted);
  request.once('error', onError);
}
