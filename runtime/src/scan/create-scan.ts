import type { PocketnetNodeCore } from '../node/node-core.ts';

/**
 * The Scan service: what the network looks like from the update bus, as scan and the
 * token-standard registry serve it. Each part keeps its own projections.
 */
export function createScan(_core: PocketnetNodeCore) {
  return {};
}

export type Scan = ReturnType<typeof createScan>;
