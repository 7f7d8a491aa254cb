import { isDomainError } from '@pocketnet/ledger';
import type {
  ExternalPartyService,
  ScanService,
  WalletAppsService,
  WalletService,
} from '@pocketnet/runtime';
import { type ErrorRequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import { createJsonBodyParser } from '../http/json-body.middleware.ts';
import { createSpliceErrorHandler } from '../http/splice-error.middleware.ts';
import { walletAppsRoutes } from './apps/wallet-apps.routes.ts';
import { externalPartyRoutes } from './external-party/external-party.routes.ts';
import { transferOfferRoutes } from './transfer-offers.routes.ts';
import { validatorAdminRoutes } from './validator-admin.routes.ts';
import { walletRoutes } from './wallet.routes.ts';
import { walletTransferRoutes } from './wallet-transfers.routes.ts';

/**
 * A command with the same tracking id still being processed: the wallet API asks the client to
 * retry later (429), where the Ledger API would answer ABORTED.
 */
const inFlightAsTooManyRequests: ErrorRequestHandler = (error, _req, res, next) => {
  if (!isDomainError(error) || error.code !== 'SUBMISSION_ALREADY_IN_FLIGHT') return next(error);
  res.status(429).json({ error: error.message });
};

/**
 * `/api/validator`: the validator app's wallet, user onboarding and preapproval administration.
 * Every answer is JSON; every failure is `{ "error": "…" }`.
 */
/** The services the validator app serves. */
export type ValidatorServices = {
  readonly wallet: WalletService;
  readonly walletApps: WalletAppsService;
  readonly walletExternal: ExternalPartyService;
  readonly scan: ScanService;
};

export function validatorRoutes(deps: ValidatorServices & { readonly logger: Logger }): Router {
  const { wallet, walletApps, walletExternal, scan, logger } = deps;
  const router = Router();
  router.get(['/readyz', '/livez'], (_req, res) => void res.status(200).end());
  router.use(createJsonBodyParser());
  router.use(validatorAdminRoutes({ wallet }));
  router.use(externalPartyRoutes({ walletExternal }));
  router.use(walletRoutes({ wallet }));
  router.use(transferOfferRoutes({ wallet }));
  router.use(walletTransferRoutes({ wallet }));
  router.use(walletAppsRoutes({ walletApps, scan, logger }));
  router.use((req, res) => {
    res.status(404).json({ error: `No such validator API operation: ${req.method} ${req.path}` });
  });
  router.use(inFlightAsTooManyRequests);
  router.use(createSpliceErrorHandler({ logger }));
  return router;
}
