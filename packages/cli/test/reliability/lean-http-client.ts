import { connect, type Socket } from 'node:net';

export type LeanAnswer = { readonly status: number; readonly text: string };

type Pending = { resolve(answer: LeanAnswer): void; reject(error: Error): void };

type LeanConnection = { send(request: Buffer): Promise<LeanAnswer> };

/** A chunked body from `from` on, once its last chunk is in (no trailers); else null. */
function chunkedBody(buffer: Buffer, from: number): string | null {
  const parts: Buffer[] = [];
  let at = from;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (size === 0)
      return buffer.length >= lineEnd + 4 ? Buffer.concat(parts).toString('utf8') : null;
    if (buffer.length < lineEnd + 2 + size + 2) return null;
    parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** A complete response in `buffer` (one request at a time: nothing follows it), or null. */
function responseOf(buffer: Buffer): LeanAnswer | null {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const head = buffer.toString('latin1', 0, end);
  const status = Number(head.slice(9, 12));
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const text = chunkedBody(buffer, end + 4);
    return text === null ? null : { status, text };
  }
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
  if (buffer.length < end + 4 + length) return null;
  return { status, text: buffer.toString('utf8', end + 4, end + 4 + length) };
}

/** One kept-alive connection answering one request at a time. */
function createConnection(
  port: number,
  onIdle: (connection: LeanConnection) => void,
): LeanConnection {
  let socket: Socket | null = null;
  let pending: Pending | null = null;
  let buffer: Buffer = Buffer.alloc(0);
  let idleSince = 0;
  // Only the current socket's failure fails the request: a socket replaced since says nothing.
  const fail = (from: Socket, error: Error) => {
    from.destroy();
    if (socket !== from) return;
    socket = null;
    buffer = Buffer.alloc(0);
    const waiting = pending;
    pending = null;
    waiting?.reject(error);
  };
  const open = () => {
    const opened = connect({ port, host: '127.0.0.1', noDelay: true });
    opened.on('data', (chunk: Buffer) => {
      if (socket !== opened) return;
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      const answer = responseOf(buffer);
      if (answer === null) return;
      buffer = Buffer.alloc(0);
      const waiting = pending;
      pending = null;
      idleSince = performance.now();
      waiting?.resolve(answer);
      onIdle(connection);
    });
    opened.on('error', (error) => fail(opened, error));
    opened.on('close', () =>
      fail(opened, Object.assign(new Error('closed by the server'), { code: 'ECONNRESET' })),
    );
    return opened;
  };
  const connection: LeanConnection = {
    send(request) {
      // The server closes a connection idle for 5 s: one idle for 4 is opened afresh rather
      // than risk a request meeting that close.
      if (socket !== null && performance.now() - idleSince > 4000) {
        const stale = socket;
        socket = null;
        stale.destroy();
      }
      socket ??= open();
      const answered = new Promise<LeanAnswer>((resolve, reject) => {
        pending = { resolve, reject };
      });
      socket.write(request);
      return answered;
    },
  };
  return connection;
}

/**
 * A load generator's HTTP/1.1 client, much cheaper per request than node:http's (no request
 * and response objects, no header validation; one write, one parse of a Content-Length body):
 * under overload the generator shares the machine with the node, and whatever it spends the
 * node's writer does not get. Up to `maxConnections` kept-alive connections to one server; a
 * request beyond waits for one to be free.
 */
export function createLeanHttpClient(base: string, maxConnections: number) {
  const port = Number(new URL(base).port);
  const idle: Array<LeanConnection> = [];
  const queue: Array<(connection: LeanConnection) => void> = [];
  let opened = 0;
  const onIdle = (connection: LeanConnection) => {
    const waiter = queue.shift();
    if (waiter) waiter(connection);
    else idle.push(connection);
  };
  const take = (): Promise<LeanConnection> => {
    const connection = idle.pop();
    if (connection) return Promise.resolve(connection);
    if (opened < maxConnections) {
      opened += 1;
      return Promise.resolve(createConnection(port, onIdle));
    }
    return new Promise((resolve) => queue.push(resolve));
  };
  return {
    /** POSTs `body` to `path`; resolves with the status and body text, once taken a connection at `onSent`. */
    async post(path: string, headers: string, body: string, onSent: () => void) {
      const connection = await take();
      onSent();
      const length = Buffer.byteLength(body);
      const request = Buffer.from(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}Content-Length: ${length}\r\n\r\n${body}`,
      );
      try {
        return await connection.send(request);
      } catch (error) {
        // A failed connection opens afresh on its next request.
        onIdle(connection);
        throw error;
      }
    },
  };
}
