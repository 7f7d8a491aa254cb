import { Router } from 'express';
import { allocationInstructionRoutes, allocationRoutes } from './registry/allocation.routes.ts';
import { metadataRoutes } from './registry/metadata.routes.ts';
import { transferInstructionRoutes } from './registry/transfer-instruction.routes.ts';
import type { ScanRouteDeps } from './scan.routes.ts';

/**
 * `/api/scan/registry`: amulet's token-standard registry (metadata, transfer instruction,
 * allocation and allocation instruction APIs, each v1). Errors are `{ "error": "…" }`, as the
 * token-standard documents define them, from the scan router's error handler.
 */
export function registryRoutes(deps: ScanRouteDeps): Router {
  const router = Router();
  router.use('/metadata/v1', metadataRoutes(deps));
  router.use('/transfer-instruction/v1', transferInstructionRoutes(deps));
  router.use('/allocation-instruction/v1', allocationInstructionRoutes(deps));
  router.use('/allocations/v1', allocationRoutes(deps));
  // Anything else under the registry is no operation of its documents: their 404 shape.
  router.use((req, res) => {
    res
      .status(404)
      .json({ error: `No registry operation ${req.method} ${req.baseUrl}${req.path}` });
  });
  return router;
}
