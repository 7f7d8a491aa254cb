import { randomBytes } from 'node:crypto';
import type { Request } from 'express';

const traceparent = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;

/** The W3C trace id the caller sent in `traceparent` (as Canton honours it), or a fresh one. */
export function traceIdOf(req: Request): string {
  const header = req.get('traceparent')?.trim().toLowerCase();
  const match = header === undefined ? null : traceparent.exec(header);
  return match?.[1] ?? randomBytes(16).toString('hex');
}
