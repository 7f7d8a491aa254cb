import { createServer, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, test } from 'vitest';
import { plainBodyLength, readPlainBody } from './plain-body.ts';
import type { RequestBodyError } from './request-body-error.ts';

type Read = { length: number | null; error: RequestBodyError | null; body: string | null };

/** Serves one raw HTTP request (written in pieces) and reports what the reader made of it. */
async function readOne(pieces: readonly string[], limit = 1024): Promise<Read> {
  const { promise, resolve } = Promise.withResolvers<Read>();
  const server = createServer((request: IncomingMessage, response) => {
    const length = plainBodyLength(request, limit);
    if (length === null) {
      resolve({ length, error: null, body: null });
      response.end();
      return;
    }
    readPlainBody(request, length, (error, body) => {
      resolve({ length, error, body: body?.toString('utf8') ?? null });
      response.end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  for (const piece of pieces) {
    socket.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  if (pieces.at(-1) === '') socket.destroy();
  const read = await promise;
  socket.destroy();
  await new Promise((closed) => server.close(closed));
  return read;
}

const head = (headers: string) => `POST /x HTTP/1.1\r\nHost: x\r\n${headers}\r\n`;

describe('plain request bodies', () => {
  test('reads a body that arrives in several pieces whole', async () => {
    const read = await readOne([head('Content-Length: 11\r\n'), '{"a":', '"bcd"}']);
    expect(read).toEqual({ length: 11, error: null, body: '{"a":"bcd"}' });
  });

  test('answers 400 "request aborted" when the client goes away mid-body', async () => {
    const read = await readOne([head('Content-Length: 20\r\n'), '{"a":', '']);
    expect(read.length).toBe(20);
    expect(read.body).toBeNull();
    expect(read.error?.message).toBe('request aborted');
    expect(read.error?.status).toBe(400);
  });

  test('leaves encoded, chunked, empty and oversized bodies to body-parser', async () => {
    const gzip = await readOne([head('Content-Length: 2\r\nContent-Encoding: gzip\r\n'), '{}']);
    const chunked = await readOne([head('Transfer-Encoding: chunked\r\n'), '2\r\n{}\r\n0\r\n\r\n']);
    const empty = await readOne([head('Content-Length: 0\r\n')]);
    const large = await readOne([head('Content-Length: 9\r\n'), '{"a":"b"}'], 8);
    for (const read of [gzip, chunked, empty, large]) expect(read.length).toBeNull();
  });
});
