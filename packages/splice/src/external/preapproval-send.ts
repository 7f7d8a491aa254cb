import type { TransactionContext } from '@pocketnet/ledger';
import { holdingTxMeta, mergeMeta } from '../amulet/support/meta.ts';
import { requireWithinDeadline } from '../amulet/support/time.ts';
import { executeTransfer } from '../amulet/transfer/execute-transfer.ts';
import { summarizeExternalPartyTransferContext } from '../amulet/transfer/transfer-context.ts';
import type { Transfer, TransferInput, TransferResult } from '../amulet/types/transfer-types.ts';
import type { Metadata } from '../token-standard/metadata-v1.ts';
import { exerciseAmuletTransfer } from './amulet-calls.ts';
import type { ExternalPartyTransferContext, PaymentTransferContext } from './amulet-types.ts';

// The one-step transfers through a TransferPreapproval: no fee, and the preapproval's provider
// is the transfer's app provider, rewarded when featured (by the amulet transfer itself).

export type Preapproval = {
  readonly dso: string;
  readonly receiver: string;
  readonly provider: string;
  readonly expiresAt: string;
};

type SendRequest<TContext> = {
  readonly context: TContext;
  readonly inputs: readonly TransferInput[];
  readonly amount: string;
  readonly sender: string;
  readonly description: string | null;
};

type Sent = { readonly result: TransferResult; readonly meta: Metadata };

/** The description becomes the reason; the transfer's own metadata is kept once, here. */
function sendMeta(request: SendRequest<unknown>, result: TransferResult) {
  const reason = request.description === null ? {} : { reason: request.description };
  const kind = holdingTxMeta({ kind: 'transfer', sender: request.sender, ...reason });
  return mergeMeta(kind, result.meta ?? { values: {} });
}

/**
 * TransferPreapproval_Send: AmuletRules_Transfer at the context's open round. A featured
 * provider (FeaturedAppRight in the context) gets an AppRewardCoupon of
 * `extraFeaturedAppRewardAmount / amuletPrice` of that round.
 */
export function sendThroughPreapproval(
  tx: TransactionContext,
  preapproval: Preapproval,
  request: SendRequest<PaymentTransferContext>,
): Sent {
  const { dso, provider, receiver } = preapproval;
  requireWithinDeadline(tx, 'TransferPreapproval.expiresAt', preapproval.expiresAt);
  const result = exerciseAmuletTransfer(tx, dso, request.context, {
    sender: request.sender,
    provider,
    inputs: request.inputs,
    outputs: [{ receiver, amount: request.amount, lock: null }],
  });
  return { result: { ...result, meta: null }, meta: sendMeta(request, result) };
}

/**
 * TransferPreapproval_SendV2: priced from an ExternalPartyConfigState, so an external party's
 * prepared transaction stays valid for a day. A featured provider gets an activity marker,
 * which the DSO converts into its AppRewardCoupon.
 */
export function sendThroughPreapprovalV2(
  tx: TransactionContext,
  preapproval: Preapproval,
  request: SendRequest<ExternalPartyTransferContext>,
): Sent {
  const { dso, provider, receiver } = preapproval;
  requireWithinDeadline(tx, 'TransferPreapproval.expiresAt', preapproval.expiresAt);
  const transfer: Transfer = {
    sender: request.sender,
    provider,
    inputs: request.inputs,
    outputs: [{ receiver, receiverFeeRatio: '0.0', amount: request.amount, lock: null }],
    beneficiaries: null,
  };
  const csum = summarizeExternalPartyTransferContext(tx, dso, request.context, transfer);
  const result = executeTransfer(tx, csum, transfer, { issueAppRewards: true });
  return { result: { ...result, meta: null }, meta: sendMeta(request, result) };
}
