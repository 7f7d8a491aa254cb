import type { WalletService } from '@pocketnet/runtime';
import { Router } from 'express';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { callerOf } from '../ledger-api/route-deps.ts';
import { renderTransferOfferStatus } from './tracking-status.render.ts';
import { createTransferOfferRequestSchema } from './validator-requests.schema.ts';
import { renderContract } from './wallet-render.ts';

/** A status lookup by tracking id, by POST. */
export const transferOfferRouteWrites: RouteDeclarations = [
  { path: '/v0/wallet/transfer-offers/:trackingId/status', writes: 'nothing' },
];

/** Legacy transfer offers (wallet-external.yaml, and the internal accept/reject/withdraw). */
export function transferOfferRoutes({ wallet }: { readonly wallet: WalletService }): Router {
  const router = Router();
  const { offers } = wallet;

  router.post('/v0/wallet/transfer-offers', async (req, res) => {
    const body = createTransferOfferRequestSchema.parse(req.body);
    const created = await offers.create(callerOf(res), {
      receiver: body.receiver_party_id,
      amount: body.amount,
      description: body.description,
      expiresAtMicros: BigInt(body.expires_at),
      trackingId: body.tracking_id,
    });
    res.json({ offer_contract_id: created.offerContractId });
  });
  router.get('/v0/wallet/transfer-offers', (_req, res) => {
    res.json({ offers: offers.list(callerOf(res)).map(renderContract) });
  });
  router.get('/v0/wallet/accepted-transfer-offers', (_req, res) => {
    res.json({ accepted_offers: offers.listAccepted(callerOf(res)).map(renderContract) });
  });
  router.post('/v0/wallet/transfer-offers/:trackingId/status', (req, res) => {
    const { trackingId } = req.params;
    const status = offers.status(callerOf(res), trackingId);
    if (status) return void res.json(renderTransferOfferStatus(status));
    res.status(404).json({ error: `Couldn't find transfer offer with tracking id ${trackingId}` });
  });
  router.post('/v0/wallet/transfer-offers/:contractId/accept', async (req, res) => {
    const accepted = await offers.accept(callerOf(res), req.params.contractId);
    res.json({ accepted_offer_contract_id: accepted.acceptedOfferContractId });
  });
  router.post('/v0/wallet/transfer-offers/:contractId/reject', async (req, res) => {
    await offers.reject(callerOf(res), req.params.contractId);
    res.status(200).end();
  });
  router.post('/v0/wallet/transfer-offers/:contractId/withdraw', async (req, res) => {
    await offers.withdraw(callerOf(res), req.params.contractId);
    res.status(200).end();
  });
  return router;
}
