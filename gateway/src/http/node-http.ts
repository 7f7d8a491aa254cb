import { createRequire } from 'node:module';

/**
 * node:http, required rather than imported. An ES import of a built-in module makes Node read
 * every export of it, and node:http's WebSocket, MessageEvent and CloseEvent getters then load
 * undici: ~30 ms of CPU and ~13 MB resident at start, for nothing the node uses
 * (nodejs/node#59686). Every value the node takes from node:http comes from here, so that no
 * ES import of it is left on a start's path; types may still be imported (`import type`).
 */
export const nodeHttp = createRequire(import.meta.url)('node:http') as typeof import('node:http');
