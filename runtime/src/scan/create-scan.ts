import type { PocketnetNodeCore } from '../node/node-core.ts';
import { createScanHistory } from './history/create-scan-history.ts';
import type { ScanHistoryOptions } from './history/scan-history-options.ts';
import { createScanNetwork } from './network/scan-network.service.ts';
import { createTokenRegistry } from './registry/token-registry.service.ts';
import type { ScanService } from './scan.service.ts';

/**
 * The Scan service: what the network looks like from the update bus, as scan and the
 * token-standard registry serve it. Each part keeps its own projections.
 */
export function createScan(core: PocketnetNodeCore, options: ScanOptions = {}): ScanService {
  return {
    history: createScanHistory(core, options.history),
    registry: createTokenRegistry(core),
    network: createScanNetwork(core),
  };
}

/** How the parts of Scan are configured; every field has a default. */
export type ScanOptions = { readonly history?: ScanHistoryOptions };

export type Scan = ScanService;
