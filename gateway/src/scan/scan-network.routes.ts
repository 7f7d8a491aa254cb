import { Router } from 'express';
import {
  ansRoutes,
  featuredAppRoutes,
  transferRoutes,
} from './network/directory-entries.routes.ts';
import { dsoRoutes, svNodeRoutes } from './network/dso.routes.ts';
import {
  governanceRoutes,
  validatorRoutes,
  voteRequestRoutes,
} from './network/governance.routes.ts';
import { healthRoutes } from './network/health.routes.ts';
import { rewardAccountingRoutes } from './network/reward-accounting.routes.ts';
import { roundsRoutes, rulesRoutes } from './network/rounds.routes.ts';
import { memberRoutes, synchronizerRoutes } from './network/synchronizer.routes.ts';
import type { ScanRouteDeps } from './scan.routes.ts';

/**
 * Scan's view of the network: health, the DSO and its synchronizer, rounds and rules, names,
 * featured apps, preapprovals, validators, governance and reward accounting. Public, as Scan's
 * endpoints declare no credential.
 */
export function scanNetworkRoutes(deps: ScanRouteDeps): Router {
  const router = Router();
  for (const routes of [
    healthRoutes,
    dsoRoutes,
    svNodeRoutes,
    synchronizerRoutes,
    memberRoutes,
    roundsRoutes,
    rulesRoutes,
    ansRoutes,
    featuredAppRoutes,
    transferRoutes,
    validatorRoutes,
    voteRequestRoutes,
    governanceRoutes,
    rewardAccountingRoutes,
  ]) {
    router.use(routes(deps));
  }
  return router;
}
