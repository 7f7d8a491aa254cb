import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const traceparent = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;

/** The W3C trace id the caller sent in `traceparent` (as Canton honours it), or a fresh one. */
export function traceIdOf(headers: IncomingHttpHeaders): string {
  const header = headers.traceparent;
  const text = typeof header === 'string' ? header.trim().toLowerCase() : undefined;
  const match = text === undefined ? null : traceparent.exec(text);
  return match?.[1] ?? randomBytes(16).toString('hex');
}
