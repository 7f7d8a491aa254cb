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

type Finish = (error: RequestBodyError | null, body: Buffer | null) => void;

/**
 * Listens to a request's body until `finish` is called (by `on`, or when the request breaks
 * off: 400 "request aborted", to nobody, as the client has gone).
 */
function listenToBody(
  request: IncomingMessage,
  on: { data(chunk: Buffer, finish: Finish): void; end(finish: Finish): void },
  done: Finish,
): void {
  const finish: Finish = (error, body) => {
    request.off('data', onData);
    request.off('end', onEnd);
    request.off('aborted', onAborted);
    request.off('error', onError);
    done(error, body);
  };
  const onData = (chunk: Buffer) => on.data(chunk, finish);
  const onEnd = () => on.end(finish);
  const onAborted = () => finish(new RequestBodyError('request aborted'), null);
  const onError = (error: Error) =>
    finish(new RequestBodyError(error.message, { cause: error }), null);
  request.on('data', onData);
  request.once('end', onEnd);
  request.once('aborted', onAborted);
  request.once('error', onError);
}

/**
 * Reads a body `plainBodyLength` accepted, as `raw()` would: the bytes once the request has
 * ended. It skips raw()'s per-request setup (async resource, charset and encoding checks, debug
 * calls), a few microseconds of every submission. Node's parser holds the body to its
 * Content-Length.
 */
export function readPlainBody(request: IncomingMessage, length: number, done: Finish): void {
  const chunks: Buffer[] = [];
  let received = 0;
  listenToBody(
    request,
    {
      data(chunk) {
        chunks.push(chunk);
        received += chunk.length;
      },
      end(finish) {
        if (received !== length) {
          finish(new RequestBodyError('request size did not match content length'), null);
        } else {
          finish(null, chunks.length === 1 ? (chunks[0] ?? null) : Buffer.concat(chunks, received));
        }
      },
    },
    done,
  );
}

/** Pekko HTTP's words for a body that grew past the limit while it was being read. */
export const tooLargeWhileReading = (limit: number) =>
  new RequestBodyError(
    `Aggregated data length of request entity exceeds the configured limit of ${limit} bytes`,
    { status: 413 },
  );

/**
 * Whether a body of unknown length (chunked, no Content-Encoding) can be read by
 * `readCappedBody`; compressed ones are left to body-parser, which inflates them.
 */
export const isCappedReadable = (request: IncomingMessage): boolean =>
  request.headers['content-encoding'] === undefined &&
  request.readableFlowing === null &&
  !request.readableEnded;

/**
 * Reads a body of unknown length, refusing it (413) the moment more than `limit` bytes have
 * arrived: what was read is dropped and the rest is never read, where body-parser would read
 * the whole upload to its end before answering.
 */
export function readCappedBody(request: IncomingMessage, limit: number, done: Finish): void {
  let chunks: Buffer[] = [];
  let received = 0;
  listenToBody(
    request,
    {
      data(chunk, finish) {
        received += chunk.length;
        if (received <= limit) return void chunks.push(chunk);
        chunks = [];
        request.pause();
        finish(tooLargeWhileReading(limit), null);
      },
      end: (finish) => finish(null, Buffer.concat(chunks, received)),
    },
    done,
  );
}
