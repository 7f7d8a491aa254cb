import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type ForwardedHttpAnswer,
  type ForwardedHttpRequest,
  type Replica,
  valueOfAnswer,
} from '@pocketnet/runtime';
import { readMethods } from './replica-routing.ts';

/** Sends a request to the writer; its answer comes once this replica has caught up. */
export type ForwardToWriter = (request: ForwardedHttpRequest) => Promise<ForwardedHttpAnswer>;

// Hop-by-hop and framing headers: each leg sets its own.
const notForwarded = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
  'date',
]);

export function forwardableHeaders(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || notForwarded.has(name.toLowerCase())) continue;
    kept[name.toLowerCase()] = typeof value === 'string' ? value : value.join(', ');
  }
  return kept;
}

/**
 * A request whose body was read, as it travels to the writer; `url` is the path and query the
 * client sent (express's `originalUrl` where a mount point has cut `url`).
 */
export function forwardedRequestOf(
  request: IncomingMessage,
  body: Buffer,
  url = request.url ?? '/',
): ForwardedHttpRequest {
  return {
    method: request.method ?? 'POST',
    url,
    headers: forwardableHeaders(request.headers),
    body: body.toString('base64'),
  };
}

/** The writer's answer, as this replica's. */
export function sendForwardedAnswer(response: ServerResponse, answer: ForwardedHttpAnswer): void {
  const bytes = Buffer.from(answer.body, 'base64');
  response.writeHead(answer.status, { ...answer.headers, 'content-length': bytes.length });
  response.end(bytes);
}

/** The writer's side: a forwarded request, run against the writer's own API on `baseUrl`. */
export async function runForwardedRequest(
  baseUrl: string,
  request: ForwardedHttpRequest,
): Promise<ForwardedHttpAnswer> {
  const hasBody = request.body.length > 0 && !readMethods.has(request.method);
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers: request.headers,
    ...(hasBody ? { body: Buffer.from(request.body, 'base64') } : {}),
  });
  const body = Buffer.from(await response.arrayBuffer());
  const headers = forwardableHeaders(Object.fromEntries(response.headers.entries()));
  return { status: response.status, headers, body: body.toString('base64') };
}

/** Forwards through a replica's command transport, unwrapping the writer's answer. */
export const forwardThrough =
  (replica: Pick<Replica, 'forward'>): ForwardToWriter =>
  async (request) =>
    valueOfAnswer(await replica.forward({ kind: 'http', request })) as ForwardedHttpAnswer;
