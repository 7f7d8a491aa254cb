import type { OwnAnsEntry, WalletAppsService } from '@pocketnet/runtime';
import { Router } from 'express';
import { z } from 'zod';
import { callerOf } from '../../ledger-api/route-deps.ts';

const createAnsEntryRequestSchema = z.object({
  name: z.string(),
  url: z.string(),
  description: z.string(),
});

const renderEntry = (entry: OwnAnsEntry) => ({
  contractId: entry.contractId,
  name: entry.name,
  amount: entry.amount,
  unit: entry.unit,
  expiresAt: entry.expiresAt,
  paymentInterval: entry.paymentInterval,
  paymentDuration: entry.paymentDuration,
});

/**
 * The name service's external API (ans-external.yaml), for the token's user: request an entry
 * (answered with the subscription request to accept in the wallet) and list one's entries.
 */
export function ansRoutes({ walletApps }: { readonly walletApps: WalletAppsService }): Router {
  const router = Router();
  const { ans } = walletApps;
  router.post('/v0/entry/create', async (req, res) => {
    const body = createAnsEntryRequestSchema.parse(req.body);
    const requested = await ans.create(callerOf(res), body);
    res.json({
      entryContextCid: requested.entryContextCid,
      subscriptionRequestCid: requested.subscriptionRequestCid,
      name: requested.name,
      url: requested.url,
      description: requested.description,
    });
  });
  router.get('/v0/entry/all', (_req, res) => {
    res.json({ entries: ans.list(callerOf(res)).map(renderEntry) });
  });
  return router;
}
