import type { DelegationPage, WalletAppsService } from '@pocketnet/runtime';
import { type Request, Router } from 'express';
import { z } from 'zod';
import { callerOf } from '../../ledger-api/route-deps.ts';
import { renderContract } from '../wallet-render.ts';

const int = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a non-negative integer')
  .transform(Number);
const pageQuerySchema = z.object({ after: int.optional(), limit: int.optional() });

const pageOf = (req: Request) => pageQuerySchema.parse(req.query);

const renderPage = (field: string, page: DelegationPage) => ({
  [field]: page.items.map((item) => ({
    contract: renderContract(item.contract),
    beneficiary_hosted: item.beneficiaryHosted,
  })),
  ...(page.nextPageToken === undefined ? {} : { next_page_token: page.nextPageToken }),
});

/**
 * Minting delegations (wallet-internal.yaml) for the token's user as the delegate: proposals
 * to accept or reject, and delegations to end.
 */
export function mintingDelegationRoutes({
  walletApps,
}: {
  readonly walletApps: WalletAppsService;
}): Router {
  const router = Router();
  const delegations = walletApps.mintingDelegations;
  router.get('/v0/wallet/minting-delegation-proposals', (req, res) => {
    res.json(renderPage('proposals', delegations.proposals(callerOf(res), pageOf(req))));
  });
  router.post('/v0/wallet/minting-delegation-proposals/:contractId/accept', async (req, res) => {
    const created = await delegations.accept(callerOf(res), req.params.contractId);
    res.json({ contract_id: created });
  });
  router.post('/v0/wallet/minting-delegation-proposals/:contractId/reject', async (req, res) => {
    await delegations.reject(callerOf(res), req.params.contractId);
    res.status(200).end();
  });
  router.get('/v0/wallet/minting-delegations', (req, res) => {
    res.json(renderPage('delegations', delegations.delegations(callerOf(res), pageOf(req))));
  });
  router.post('/v0/wallet/minting-delegations/:contractId/reject', async (req, res) => {
    await delegations.rejectDelegation(callerOf(res), req.params.contractId);
    res.status(200).end();
  });
  return router;
}
