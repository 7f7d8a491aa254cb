import { Router } from 'express';
import type { LedgerApiDeps } from './route-deps.ts';

export function versionRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();
  router.get('/v2/version', (_req, res) => {
    res.json({
      version: node.ledgerApiVersion,
      features: {
        experimental: {
          staticTime: { supported: node.clock.kind === 'simulated' },
          commandInspectionService: { supported: false },
        },
        userManagement: { supported: true, maxRightsPerUser: 1000, maxUsersPageSize: 1000 },
        partyManagement: { maxPartiesPageSize: 10000 },
        offsetCheckpoint: { maxOffsetCheckpointEmissionDelay: { seconds: 1, nanos: 0 } },
        packageFeature: { maxVettedPackagesPageSize: 100 },
      },
    });
  });
  return router;
}
