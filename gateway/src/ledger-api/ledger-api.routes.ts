import { Router } from 'express';
import { eventsRoutes } from './events.routes.ts';
import { externalPartiesRoutes } from './external-parties.routes.ts';
import { identityProvidersRoutes } from './idps.routes.ts';
import { interactiveSubmissionRoutes } from './interactive-submission.routes.ts';
import { packagesRoutes } from './packages.routes.ts';
import { partiesRoutes } from './parties.routes.ts';
import type { LedgerApiDeps } from './route-deps.ts';
import { stateRoutes } from './state.routes.ts';
import { streamsRoutes } from './streams.routes.ts';
import { timeRoutes } from './time.routes.ts';
import { updatesRoutes } from './updates.routes.ts';
import { usersRoutes } from './users.routes.ts';

/** Every authenticated operation of the JSON Ledger API v2 but command submission. */
export function ledgerApiRoutes(deps: LedgerApiDeps): Router {
  const router = Router();
  for (const routes of [
    streamsRoutes,
    stateRoutes,
    updatesRoutes,
    eventsRoutes,
    externalPartiesRoutes,
    partiesRoutes,
    usersRoutes,
    identityProvidersRoutes,
    packagesRoutes,
    interactiveSubmissionRoutes,
    timeRoutes,
  ]) {
    router.use(routes(deps));
  }
  return router;
}
