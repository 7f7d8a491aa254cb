import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { isDomainError } from '@pocketnet/ledger';
import { afterEach, describe, expect, it } from 'vitest';
import { createLifeServers, type LifeServers, type ServedLife } from './life-servers.ts';

/** A life whose API answers every request with its name, and renders errors as `{ code }`. */
function lifeNamed(name: string): ServedLife {
  const upgrades = createServer();
  upgrades.on('upgrade', (_req, socket) => socket.end(`HTTP/1.1 418 ${name}\r\n\r\n`));
  return {
    app: (_req, res) => res.end(name),
    upgrades,
    renderError: (error, path) => ({
      status: isDomainError(error) && error.code === 'UNAVAILABLE' ? 503 : 500,
      body: { code: isDomainError(error) ? error.code : 'BUG', path },
    }),
  };
}

const get = (port: number, path: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = request({ port, path, method: 'POST' }, (incoming) => {
      let text = '';
      incoming.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.end('{"a body":"to drain"}');
  });

/** The status line a WebSocket upgrade is answered with. */
const upgrade = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'GET /v2/updates HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });

describe('the servers of a node that outlives its lives', () => {
  let servers: LifeServers | null = null;
  afterEach(async () => {
    await servers?.close(0);
    servers = null;
  });

  it('hands requests to the current life, answers 503 between lives, and serves the next', async () => {
    servers = createLifeServers('127.0.0.1');
    servers.serve(lifeNamed('first'));
    const port = await servers.listen(0);
    expect(await get(port, '/v2/state/ledger-end')).toEqual({ status: 200, text: 'first' });
    expect(await upgrade(port)).toBe('HTTP/1.1 418 first');

    servers.down();
    const down = await get(port, '/v2/state/ledger-end');
    expect(down.status).toBe(503);
    expect(JSON.parse(down.text)).toEqual({ code: 'UNAVAILABLE', path: '/v2/state/ledger-end' });
    expect((await get(port, '/livez')).status).toBe(200);
    expect(await upgrade(port)).toBe('HTTP/1.1 503 Service Unavailable');

    servers.serve(lifeNamed('second'));
    expect(await get(port, '/v2/state/ledger-end')).toEqual({ status: 200, text: 'second' });
    expect(await upgrade(port)).toBe('HTTP/1.1 418 second');
  });
});
