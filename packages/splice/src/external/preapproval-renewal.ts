import type { TransactionContext } from '@pocketnet/ledger';
import { formatNumeric } from '@pocketnet/ledger';
import { nowMicros, timeMicros } from '../amulet/support/time.ts';
import type { TransferInput } from '../amulet/types/transfer-types.ts';
import { fetchAmuletRules, fetchOpenRound, readPreapprovalFeeConfig } from './amulet-reads.ts';
import { externalReferences } from './amulet-references.ts';
import type { PaymentTransferContext } from './amulet-types.ts';
import { burnPreapprovalFee, preapprovalFeeAmulet } from './preapproval-fees.ts';

type PreapprovalPayload = {
  readonly dso: string;
  readonly receiver: string;
  readonly provider: string;
  readonly validFrom: string;
  readonly lastRenewedAt: string;
  readonly expiresAt: string;
};

type RenewRequest = {
  readonly context: PaymentTransferContext;
  readonly inputs: readonly TransferInput[];
  readonly newExpiresAt: string;
};

/**
 * TransferPreapproval_Renew: the provider extends the preapproval before it expires and burns
 * the fee for the extension (days beyond the free base duration, at the open round's price).
 */
export function renewPreapproval(
  tx: TransactionContext,
  preapproval: PreapprovalPayload,
  request: RenewRequest,
) {
  const { dso, provider, receiver, validFrom, expiresAt } = preapproval;
  const now = nowMicros(tx);
  if (timeMicros(expiresAt) <= now)
    tx.fail('TransferPreapproval has expired and cannot be renewed');
  if (timeMicros(request.newExpiresAt) <= timeMicros(expiresAt)) {
    tx.fail('newExpiresAt must be after the current expiresAt');
  }
  const { context } = request;
  const config = readPreapprovalFeeConfig(fetchAmuletRules(tx, dso, context.amuletRules));
  const round = fetchOpenRound(tx, dso, context.context.openMiningRound);
  const fee = preapprovalFeeAmulet({
    config,
    amuletPrice: round.amuletPrice,
    coveredMicros: timeMicros(request.newExpiresAt) - timeMicros(validFrom),
    paidMicros: timeMicros(expiresAt) - timeMicros(validFrom),
  });
  const { transferResult, meta } = burnPreapprovalFee(tx, {
    dso,
    context: context.context,
    payer: provider,
    inputs: request.inputs,
    amount: fee,
    usage: 'renew TransferPreapproval',
  });
  const transferPreapprovalCid = tx.create(externalReferences.transferPreapproval, {
    ...preapproval,
    lastRenewedAt: tx.now(),
    expiresAt: request.newExpiresAt,
  });
  return {
    transferPreapprovalCid,
    transferResult,
    receiver,
    provider,
    amuletPaid: formatNumeric(fee),
    meta,
  };
}
