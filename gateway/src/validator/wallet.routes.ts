import type { WalletService } from '@pocketnet/runtime';
import { Router } from 'express';
import { callerOf } from '../ledger-api/route-deps.ts';
import { listTransactionsRequestSchema, tapRequestSchema } from './validator-requests.schema.ts';
import {
  renderAmuletPosition,
  renderBalance,
  renderContract,
  renderHistoryEntry,
} from './wallet-render.ts';

type CouponList = Parameters<WalletService['coupons']>[1];

/** The wallet's own holdings and history (wallet-internal.yaml), for the token's user. */
export function walletRoutes({ wallet }: { readonly wallet: WalletService }): Router {
  const router = Router();

  router.get('/v0/wallet/user-status', (_req, res) => {
    const status = wallet.userStatus(callerOf(res));
    res.json({
      party_id: status.partyId,
      user_onboarded: status.userOnboarded,
      user_wallet_installed: status.userWalletInstalled,
      has_featured_app_right: status.hasFeaturedAppRight,
    });
  });
  router.get('/v0/feature-support', (_req, res) => {
    callerOf(res);
    res.json({ token_standard: true, transfer_preapproval_description: true });
  });
  router.get('/v0/wallet/balance', (_req, res) => {
    res.json(renderBalance(wallet.balances.balance(callerOf(res))));
  });
  router.get('/v0/wallet/amulets', (_req, res) => {
    const { amulets, lockedAmulets } = wallet.balances.amulets(callerOf(res));
    res.json({
      amulets: amulets.map(renderAmuletPosition),
      locked_amulets: lockedAmulets.map(renderAmuletPosition),
    });
  });
  router.post('/v0/wallet/tap', async (req, res) => {
    const body = tapRequestSchema.parse(req.body);
    const request = { amountUsd: body.amount, commandId: body.command_id };
    const { contractId } = await wallet.balances.tap(callerOf(res), request);
    res.json({ contract_id: contractId });
  });
  router.post('/v0/wallet/transactions', (req, res) => {
    const body = listTransactionsRequestSchema.parse(req.body);
    const request = { pageSize: body.page_size, beginAfterId: body.begin_after_id ?? '' };
    res.json({ items: wallet.transactions(callerOf(res), request).map(renderHistoryEntry) });
  });
  const couponRoutes: ReadonlyArray<readonly [string, string, CouponList]> = [
    ['/v0/wallet/app-reward-coupons', 'app_reward_coupons', 'appRewardCoupon'],
    ['/v0/wallet/validator-reward-coupons', 'validator_reward_coupons', 'validatorRewardCoupon'],
    ['/v0/wallet/sv-reward-coupons', 'sv_reward_coupons', 'svRewardCoupon'],
    [
      '/v0/wallet/validator-liveness-activity-records',
      'validator_liveness_activity_records',
      'livenessActivityRecord',
    ],
  ];
  for (const [path, field, kind] of couponRoutes) {
    router.get(path, (_req, res) => {
      res.json({ [field]: wallet.coupons(callerOf(res), kind).map(renderContract) });
    });
  }
  return router;
}
