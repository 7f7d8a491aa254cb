import type { ScanService } from '@pocketnet/runtime';
import { Router } from 'express';
import type { Logger } from 'pino';
import { createJsonBodyParser } from '../http/json-body.middleware.ts';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { createSpliceErrorHandler } from '../http/splice-error.middleware.ts';
import { registryRoutes } from './registry.routes.ts';
import { scanHistoryRoutes } from './scan-history.routes.ts';
import { scanNetworkRoutes } from './scan-network.routes.ts';

export type ScanRouteDeps = { readonly scan: ScanService; readonly logger: Logger };

/** Scan serves reads only, many of them as POSTs. */
export const scanRouteWrites: RouteDeclarations = [{ path: '/*operation', writes: 'nothing' }];

/** `/api/scan`: the network as Scan serves it, and the token-standard registry under `/registry`. */
export function scanRoutes(deps: ScanRouteDeps): Router {
  const router = Router();
  router.use(createJsonBodyParser());
  router.use(scanHistoryRoutes(deps));
  router.use(scanNetworkRoutes(deps));
  router.use('/registry', registryRoutes(deps));
  router.use(createSpliceErrorHandler({ logger: deps.logger }));
  return router;
}

/**
 * `/registry` at the host root: LocalNet's proxy serves Scan's registry there beside
 * `/api/scan`, and clients derive the registry URL from the scan URL's host.
 */
export function hostRegistryRoutes(deps: ScanRouteDeps): Router {
  const router = Router();
  router.use(createJsonBodyParser());
  router.use(registryRoutes(deps));
  router.use(createSpliceErrorHandler({ logger: deps.logger }));
  return router;
}
