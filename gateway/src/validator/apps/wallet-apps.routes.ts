import type { ScanService, WalletAppsService } from '@pocketnet/runtime';
import { Router } from 'express';
import type { Logger } from 'pino';
import { ansRoutes } from '../ans/ans.routes.ts';
import { mintingDelegationRoutes } from '../delegations/minting-delegations.routes.ts';
import { appPaymentRoutes, subscriptionRoutes } from '../payments/payments.routes.ts';
import { scanProxyRoutes } from '../scan-proxy/scan-proxy.routes.ts';
import { allocationRoutes } from './allocations.routes.ts';
import { developmentFundRoutes } from './development-fund.routes.ts';
import { featuredAppRoutes } from './featured-apps.routes.ts';
import { validatorSupportRoutes } from './validator-support.routes.ts';

/**
 * The validator app beyond the wallet core: the scan proxy (and the registry behind it), the
 * name service, app payments and subscriptions, minting delegations, featured app rights,
 * allocations, development fund coupons and the operator's support dumps.
 */
export function walletAppsRoutes(deps: {
  readonly walletApps: WalletAppsService;
  readonly scan: ScanService;
  readonly logger: Logger;
}): Router {
  const router = Router();
  router.use(scanProxyRoutes(deps));
  for (const routes of [
    ansRoutes,
    appPaymentRoutes,
    subscriptionRoutes,
    mintingDelegationRoutes,
    featuredAppRoutes,
    allocationRoutes,
    developmentFundRoutes,
    validatorSupportRoutes,
  ]) {
    router.use(routes(deps));
  }
  return router;
}
