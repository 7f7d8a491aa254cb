import type { ServerResponse } from 'node:http';

/**
 * Answers 200 with `body` as JSON, the very bytes and headers express's `res.json` sends with
 * ETags off (Content-Type `application/json; charset=utf-8`, then Content-Length), without its
 * settings lookups and header rewriting: a few microseconds on every submission.
 */
export function sendJson(res: ServerResponse, body: object): void {
  const json = JSON.stringify(body);
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json, 'utf8'),
  });
  res.end(json, 'utf8');
}
