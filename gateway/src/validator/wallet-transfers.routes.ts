import type { WalletService } from '@pocketnet/runtime';
import { Router } from 'express';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { callerOf } from '../ledger-api/route-deps.ts';
import { renderBuyTrafficRequestStatus } from './tracking-status.render.ts';
import {
  createBuyTrafficRequestSchema,
  createTokenStandardTransferRequestSchema,
  transferPreapprovalSendRequestSchema,
} from './validator-requests.schema.ts';
import { renderContract, renderTransferInstructionOutcome } from './wallet-render.ts';

type Action = 'accept' | 'reject' | 'withdraw';

/** A status lookup by tracking id, by POST. */
export const walletTransferRouteWrites: RouteDeclarations = [
  { path: '/v0/wallet/buy-traffic-requests/:trackingId/status', writes: 'nothing' },
];

/**
 * Token-standard transfers, preapprovals and one-step sends (wallet-internal.yaml), and traffic
 * purchases (wallet-external.yaml).
 */
export function walletTransferRoutes({ wallet }: { readonly wallet: WalletService }): Router {
  const router = Router();
  const { tokenTransfers, preapprovals, traffic } = wallet;

  router.post('/v0/wallet/token-standard/transfers', async (req, res) => {
    const body = createTokenStandardTransferRequestSchema.parse(req.body);
    const outcome = await tokenTransfers.create(callerOf(res), {
      receiver: body.receiver_party_id,
      amount: body.amount,
      description: body.description,
      expiresAtMicros: BigInt(body.expires_at),
      trackingId: body.tracking_id,
    });
    res.json(renderTransferInstructionOutcome(outcome));
  });
  router.get('/v0/wallet/token-standard/transfers', (_req, res) => {
    res.json({ transfers: tokenTransfers.list(callerOf(res)).map(renderContract) });
  });
  for (const action of ['accept', 'reject', 'withdraw'] as const satisfies readonly Action[]) {
    router.post(`/v0/wallet/token-standard/transfers/:contractId/${action}`, async (req, res) => {
      const outcome = await tokenTransfers[action](callerOf(res), req.params.contractId);
      res.json(renderTransferInstructionOutcome(outcome));
    });
  }
  router.post('/v0/wallet/transfer-preapproval', async (_req, res) => {
    const { contractId, existed } = await preapprovals.createOwn(callerOf(res));
    res.status(existed ? 409 : 200).json({ transfer_preapproval_contract_id: contractId });
  });
  router.post('/v0/wallet/transfer-preapproval/send', async (req, res) => {
    const body = transferPreapprovalSendRequestSchema.parse(req.body);
    await preapprovals.send(callerOf(res), {
      receiver: body.receiver_party_id,
      amount: body.amount,
      deduplicationId: body.deduplication_id,
      description: body.description,
    });
    res.status(200).end();
  });
  router.post('/v0/wallet/buy-traffic-requests', async (req, res) => {
    const body = createBuyTrafficRequestSchema.parse(req.body);
    const created = await traffic.create(callerOf(res), {
      receivingValidatorParty: body.receiving_validator_party_id,
      synchronizerId: body.domain_id,
      trafficAmount: BigInt(body.traffic_amount),
      trackingId: body.tracking_id,
      expiresAtMicros: BigInt(body.expires_at),
    });
    res.json({ request_contract_id: created.requestContractId });
  });
  router.post('/v0/wallet/buy-traffic-requests/:trackingId/status', (req, res) => {
    const { trackingId } = req.params;
    const status = traffic.status(callerOf(res), trackingId);
    if (status) return void res.json(renderBuyTrafficRequestStatus(status));
    res
      .status(404)
      .json({ error: `Couldn't find buy traffic request with tracking id ${trackingId}` });
  });
  return router;
}
