import type { ArchivedCouponView, WalletAppsService } from '@pocketnet/runtime';
import { Router } from 'express';
import { z } from 'zod';
import { callerOf } from '../../ledger-api/route-deps.ts';
import { renderContract } from '../wallet-render.ts';

const int = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a non-negative integer')
  .transform(Number);
const historyQuerySchema = z.object({ after: int.optional(), limit: int });
const allocateRequestSchema = z.object({
  beneficiary: z.string().min(1),
  amount: z.string(),
  expiresAt: z.number().int(),
  reason: z.string(),
});
const withdrawRequestSchema = z.object({ reason: z.string() });

const renderArchived = (coupon: ArchivedCouponView) => ({
  createdAt: coupon.createdAt,
  archivedAt: coupon.archivedAt,
  beneficiary: coupon.beneficiary,
  fund_manager: coupon.fundManager,
  amount: coupon.amount,
  expiresAt: coupon.expiresAt,
  reason: coupon.reason,
  status: coupon.status,
  ...(coupon.rejectionOrWithdrawalReason === undefined
    ? {}
    : { rejection_or_withdrawal_reason: coupon.rejectionOrWithdrawalReason }),
});

/** Development fund coupons (wallet-internal.yaml): the user's, their history, the manager's. */
export function developmentFundRoutes({
  walletApps,
}: {
  readonly walletApps: WalletAppsService;
}): Router {
  const router = Router();
  const { developmentFund } = walletApps;
  router.post('/v0/wallet/development-fund-coupons/allocate', (req, res) => {
    allocateRequestSchema.parse(req.body);
    developmentFund.allocate(callerOf(res));
  });
  router.get('/v0/wallet/development-fund-coupons', (_req, res) => {
    const coupons = developmentFund.list(callerOf(res)).map(renderContract);
    res.json({ active_development_fund_coupons: coupons });
  });
  router.get('/v0/wallet/development-fund-coupons/history', (req, res) => {
    const page = developmentFund.history(callerOf(res), historyQuerySchema.parse(req.query));
    res.json({
      development_fund_coupon_history: page.items.map(renderArchived),
      ...(page.nextPageToken === undefined ? {} : { next_page_token: page.nextPageToken }),
    });
  });
  router.post('/v0/wallet/development-fund-coupons/:contractId/withdraw', (req, res) => {
    withdrawRequestSchema.parse(req.body);
    developmentFund.withdraw(callerOf(res), req.params.contractId);
  });
  return router;
}
