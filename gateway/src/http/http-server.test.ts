import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { createHttpServer, defaultServerTimeouts } from './http-server.ts';

const timeouts = { headersTimeoutMs: 200, requestTimeoutMs: 400, keepAliveTimeoutMs: 200 };

let server: Server | undefined;
afterEach(async () => {
  const closing = server;
  server = undefined;
  if (closing === undefined) return;
  closing.closeAllConnections();
  await new Promise((done) => closing.close(done));
});

/** A server answering "ok" once a request's body has arrived, on a free port. */
async function listening(): Promise<number> {
  server = createHttpServer((req, res) => {
    req.resume();
    req.once('end', () => res.end('ok'));
  }, timeouts);
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** Everything the server sent until it closed the connection. */
function untilClosed(socket: Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  return new Promise((done) => socket.once('close', () => done(Buffer.concat(chunks).toString())));
}

describe('the node HTTP server and slow clients', () => {
  test('closes a connection whose headers never end, with 408', async () => {
    const socket = connect(await listening(), '127.0.0.1');
    const received = untilClosed(socket);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    expect(await received).toMatch(/^HTTP\/1\.1 408 /);
  });

  test('closes a connection whose body trickles in slower than the request timeout', async () => {
    const socket = connect(await listening(), '127.0.0.1');
    const received = untilClosed(socket);
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789');
    expect(await received).toMatch(/^HTTP\/1\.1 408 /);
  });

  test('closes an idle keep-alive connection after answering its request', async () => {
    const socket = connect(await listening(), '127.0.0.1');
    const received = untilClosed(socket);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const answer = await received;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/Connection: keep-alive/i);
  });

  test('bounds every step by default, each well under Node own defaults', () => {
    const created = createHttpServer();
    expect(created.headersTimeout).toBe(defaultServerTimeouts.headersTimeoutMs);
    expect(created.requestTimeout).toBe(defaultServerTimeouts.requestTimeoutMs);
    expect(created.keepAliveTimeout).toBe(defaultServerTimeouts.keepAliveTimeoutMs);
    expect(defaultServerTimeouts.requestTimeoutMs).toBeLessThan(300_000);
  });
});
