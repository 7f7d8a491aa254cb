import type { WalletAppsService } from '@pocketnet/runtime';
import { Router } from 'express';
import { callerOf } from '../../ledger-api/route-deps.ts';
import { renderContract } from '../wallet-render.ts';

/**
 * Featured app rights of the token's user (a devnet lets a user feature itself), and the
 * validator faucet coupons, which this network no longer issues.
 */
export function featuredAppRoutes({
  walletApps,
}: {
  readonly walletApps: WalletAppsService;
}): Router {
  const router = Router();
  const { featuredApps } = walletApps;
  router.post('/v0/wallet/self-grant-feature-app-right', async (_req, res) => {
    res.json({ contract_id: await featuredApps.selfGrant(callerOf(res)) });
  });
  router.delete('/v0/wallet/cancel-featured-app-rights', async (_req, res) => {
    await featuredApps.cancelAll(callerOf(res));
    res.status(200).end();
  });
  router.get('/v0/wallet/validator-faucet-coupons', (_req, res) => {
    const coupons = walletApps.validatorFaucetCoupons(callerOf(res));
    res.json({ validator_faucet_coupons: coupons.map(renderContract) });
  });
  return router;
}
