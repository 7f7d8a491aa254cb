import type { AllocationOutcome, WalletAppsService } from '@pocketnet/runtime';
import { Router } from 'express';
import { z } from 'zod';
import { callerOf } from '../../ledger-api/route-deps.ts';
import { renderContract } from '../wallet-render.ts';

const micros = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const meta = z.record(z.string(), z.string()).optional();

const allocateAmuletRequestSchema = z.object({
  settlement: z.object({
    executor: z.string().min(1),
    settlement_ref: z.object({ id: z.string(), cid: z.string().optional() }),
    requested_at: micros,
    allocate_before: micros,
    settle_before: micros,
    meta,
  }),
  transfer_leg_id: z.string(),
  transfer_leg: z.object({ receiver: z.string().min(1), amount: z.string(), meta }),
});

const renderOutcome = (outcome: AllocationOutcome) => ({
  output:
    outcome.output.kind === 'completed'
      ? { allocation_cid: outcome.output.allocationCid }
      : outcome.output.kind === 'pending'
        ? { allocation_instruction_cid: outcome.output.allocationInstructionCid }
        : {},
  sender_change_cids: [...outcome.senderChangeCids],
  meta: { ...outcome.meta },
});

/** Amulet allocations and allocation requests of the token's user (wallet-internal.yaml). */
export function allocationRoutes({
  walletApps,
}: {
  readonly walletApps: WalletAppsService;
}): Router {
  const router = Router();
  const { allocations } = walletApps;
  router.get('/v0/allocations', (_req, res) => {
    const found = allocations.list(callerOf(res));
    res.json({ allocations: found.map((contract) => ({ contract: renderContract(contract) })) });
  });
  router.post('/v0/allocations', async (req, res) => {
    const body = allocateAmuletRequestSchema.parse(req.body);
    const { settlement, transfer_leg: leg } = body;
    const outcome = await allocations.allocate(callerOf(res), {
      executor: settlement.executor,
      settlementRef: settlement.settlement_ref,
      requestedAtMicros: BigInt(settlement.requested_at),
      allocateBeforeMicros: BigInt(settlement.allocate_before),
      settleBeforeMicros: BigInt(settlement.settle_before),
      settlementMeta: settlement.meta ?? {},
      transferLegId: body.transfer_leg_id,
      receiver: leg.receiver,
      amount: leg.amount,
      legMeta: leg.meta ?? {},
    });
    res.json(renderOutcome(outcome));
  });
  router.post('/v0/allocations/:contractId/withdraw', async (req, res) => {
    const result = await allocations.withdraw(callerOf(res), req.params.contractId);
    res.json({ sender_holding_cids: result.senderHoldingCids, meta: result.meta });
  });
  router.get('/v0/wallet/token-standard/allocation-requests', (_req, res) => {
    const found = allocations.listRequests(callerOf(res));
    res.json({
      allocation_requests: found.map((contract) => ({ contract: renderContract(contract) })),
    });
  });
  router.post('/v0/wallet/token-standard/allocation-requests/:contractId/reject', (req, res) => {
    allocations.rejectRequest(callerOf(res), req.params.contractId);
    res.json({ meta: {} });
  });
  return router;
}
