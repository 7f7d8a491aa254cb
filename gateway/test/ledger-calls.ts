import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { expectMatchesSpec } from './openapi-validator.ts';
import type { TestNode } from './test-node.ts';

/**
 * Raw HTTP and WebSocket calls against a test node. Unlike `TestNode.call` (fetch), these can
 * send a body with a GET, as the spec's `GET /v2/state/active-contracts-page` and
 * `GET /v2/package-vetting` require, send bytes that are not JSON, and use any token.
 */

export type Exchange = {
  readonly method: string;
  readonly path: string;
  /** Serialised as JSON unless it is a string or a Buffer, which go as they are. */
  readonly body?: unknown;
  /** The token's user; `null` sends no token. Ignored when `token` is given. */
  readonly user?: string | null;
  /** A literal token (forged, expired, …); `null` sends no token. */
  readonly token?: string | null;
};

export type Answer = {
  readonly status: number;
  readonly contentType: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  /** The parsed body when it is JSON, the text otherwise. */
  readonly body: unknown;
};

async function tokenFor(node: TestNode, exchange: Exchange): Promise<string | null> {
  if (exchange.token !== undefined) return exchange.token;
  const user = exchange.user === undefined ? 'participant_admin' : exchange.user;
  return user === null ? null : node.token(user);
}

const payloadOf = (body: unknown): Buffer | null => {
  if (body === undefined) return null;
  if (Buffer.isBuffer(body)) return body;
  return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
};

const parsed = (contentType: string, text: string): unknown => {
  if (!contentType.includes('application/json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Sends one request without a Content-Type, as the official SDK does, and reads the answer. */
export async function send(node: TestNode, exchange: Exchange): Promise<Answer> {
  const token = await tokenFor(node, exchange);
  const payload = payloadOf(exchange.body);
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (payload !== null) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${node.url}${exchange.path}`,
      { method: exchange.method.toUpperCase(), headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const contentType = String(incoming.headers['content-type'] ?? '');
          resolve({
            status: incoming.statusCode ?? 0,
            contentType,
            headers: incoming.headers,
            text,
            body: parsed(contentType, text),
          });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload ?? undefined);
  });
}

export async function ledgerEnd(node: TestNode): Promise<number> {
  const answer = await send(node, { method: 'get', path: '/v2/state/ledger-end' });
  const offset = (answer.body as { offset?: unknown }).offset;
  if (typeof offset !== 'number') throw new Error(`no ledger end: ${answer.text}`);
  return offset;
}

/** Asserts a JsCantonError body with this status (and code), valid against the spec. */
export function expectCantonError(
  answer: Answer,
  expected: { status: number; code?: string; method: string; path: string },
): void {
  expect(answer.contentType, answer.text).toContain('application/json');
  expect(answer.status, answer.text).toBe(expected.status);
  if (expected.code !== undefined) expect(answer.body).toHaveProperty('code', expected.code);
  expectMatchesSpec({
    spec: 'ledger',
    method: expected.method,
    path: expected.path,
    status: answer.status,
    body: answer.body,
  });
}

/** Canton's answer to a body that does not decode: 400, text/plain, tapir's wording. */
export function expectPlainBadRequest(answer: Answer): void {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.contentType).toContain('text/plain');
  expect(answer.text).toMatch(/^Invalid value/);
}

/** Canton hides why a permission failed: code NA, gRPC PERMISSION_DENIED, nothing else. */
export function expectRedactedDenial(answer: Answer): void {
  expect(answer.status, answer.text).toBe(403);
  expect(answer.body).toEqual({
    code: 'NA',
    cause: 'A security-sensitive error has been received',
    traceId: expect.any(String),
    context: {},
    resources: [],
    errorCategory: -1,
    grpcCodeValue: 7,
  });
}

/** A redacted authentication failure: 401, code NA, gRPC UNAUTHENTICATED. */
export function expectRedactedUnauthenticated(answer: Answer): void {
  expect(answer.status, answer.text).toBe(401);
  expect(answer.body).toMatchObject({ code: 'NA', errorCategory: -1, grpcCodeValue: 16 });
}

export type StreamResult = {
  readonly messages: unknown[];
  /** Whether the server closed the socket (a bounded stream ended) before the deadline. */
  readonly closedByServer: boolean;
  readonly protocol: string;
};

/**
 * Opens a Ledger API WebSocket channel with the token in the subprotocols, sends one request
 * message and collects messages until the server closes, `until` holds, or `timeoutMs` passes.
 */
export async function streamOverWebSocket(
  node: TestNode,
  options: {
    path: string;
    request: unknown;
    user?: string;
    timeoutMs?: number;
    until?: (messages: readonly unknown[]) => boolean;
    /** Runs once the request message is sent; awaited before the result is returned. */
    onOpen?: () => Promise<void>;
  },
): Promise<StreamResult> {
  const token = await node.token(options.user ?? 'participant_admin');
  const ws = new WebSocket(`${node.wsUrl}${options.path}`, ['daml.ws.auth', `jwt.token.${token}`]);
  const messages: unknown[] = [];
  let opened: Promise<void> = Promise.resolve();
  const result = await new Promise<StreamResult>((resolve, reject) => {
    let settled = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ messages, closedByServer, protocol: ws.protocol });
      if (ws.readyState === WebSocket.OPEN) ws.close();
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 2000);
    ws.on('open', () => {
      ws.send(JSON.stringify(options.request));
      opened = options.onOpen?.() ?? opened;
    });
    ws.on('message', (data) => {
      messages.push(JSON.parse(String(data)));
      if (options.until?.(messages)) finish(false);
    });
    ws.on('close', () => finish(true));
    ws.on('error', (error) => {
      if (!settled) reject(error);
    });
  });
  // What the test did while the socket was open (a submission) has finished before it looks.
  await opened;
  return result;
}
