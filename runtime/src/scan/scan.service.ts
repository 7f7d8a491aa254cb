import type { ScanHistory } from './history/create-scan-history.ts';
import type { ScanNetwork } from './network/scan-network.service.ts';
import type { TokenRegistry } from './registry/token-registry.service.ts';

/**
 * Scan as the gateway relies on it (`/api/scan/*`, the token-standard registry, the wallet's
 * app routes and GraphQL): the update history and ACS snapshots, the network's rounds,
 * rules and members, and the registry's instruments, transfers and allocations.
 */
export interface ScanService {
  readonly history: ScanHistory;
  readonly registry: TokenRegistry;
  readonly network: ScanNetwork;
}
