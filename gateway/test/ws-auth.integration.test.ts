import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createAuthenticator } from '../src/auth/authenticator.ts';
import { damlWsAuthProtocol, selectWebSocketProtocol } from '../src/auth/bearer-token.ts';
import { mintDevToken } from '../src/auth/dev-token.ts';
import { authenticateRequest } from '../src/auth/require-user.middleware.ts';
import { refuseUpgrade } from '../src/http/refuse-upgrade.ts';
import { listen, type Started } from './http-harness.ts';

let started: Started;
const sockets = new WebSocketServer({
  noServer: true,
  handleProtocols: (protocols) => selectWebSocketProtocol(protocols),
});

beforeAll(async () => {
  const authenticator = createAuthenticator({ mode: 'hs256' });
  started = await listen((_req, res) => res.end());
  started.server.on('upgrade', (req: IncomingMessage, socket, head) => {
    authenticateRequest(authenticator, req).then(
      (user) => sockets.handleUpgrade(req, socket, head, (ws) => ws.send(user.userId)),
      (error: unknown) =>
        refuseUpgrade(socket, error, { traceId: 'feed', revealSecuritySensitive: true }),
    );
  });
});

afterAll(async () => {
  sockets.close();
  await started.close();
});

const wsUrl = () => `${started.url.replace('http', 'ws')}/v2/updates`;

function firstMessage(protocols: string[]) {
  const ws = new WebSocket(wsUrl(), protocols);
  return new Promise<{ protocol: string; message: string }>((resolve, reject) => {
    ws.once('message', (data) => {
      resolve({ protocol: ws.protocol, message: String(data) });
      ws.close();
    });
    ws.once('error', reject);
  });
}

function refusal(protocols: string[]) {
  const ws = new WebSocket(wsUrl(), protocols);
  return new Promise<{ status: number; body: { code?: string; cause?: string } }>(
    (resolve, reject) => {
      ws.once('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      });
      ws.once('open', () => reject(new Error('the upgrade was accepted')));
    },
  );
}

describe('WebSocket authentication', () => {
  it('reads the token from the jwt.token. subprotocol and answers daml.ws.auth', async () => {
    const token = await mintDevToken({ userId: 'alice' });
    const answer = await firstMessage([damlWsAuthProtocol, `jwt.token.${token}`]);
    expect(answer).toEqual({ protocol: damlWsAuthProtocol, message: 'alice' });
  });

  it('refuses the upgrade with a 401 JsCantonError when the token is bad or missing', async () => {
    const forged = await mintDevToken({ userId: 'alice', secret: 'guess' });
    const bad = await refusal([damlWsAuthProtocol, `jwt.token.${forged}`]);
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('UNAUTHENTICATED');
    const missing = await refusal([damlWsAuthProtocol]);
    expect(missing.status).toBe(401);
    expect(missing.body.cause).toMatch(/no access token/);
  });
});
