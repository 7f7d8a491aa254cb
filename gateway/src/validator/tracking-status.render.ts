import type { BuyTrafficRequestStatus, TransferOfferStatus } from '@pocketnet/runtime';

/** The wallet-external API's GetTransferOfferStatusResponse. */
export function renderTransferOfferStatus(status: TransferOfferStatus) {
  if (status.status !== 'failed') {
    return {
      status: status.status,
      transaction_id: status.transactionId,
      contract_id: status.contractId,
    };
  }
  return {
    status: status.status,
    failure_kind: status.failureKind,
    ...(status.withdrawnReason === undefined ? {} : { withdrawn_reason: status.withdrawnReason }),
  };
}

/** The wallet-external API's GetBuyTrafficRequestStatusResponse. */
export function renderBuyTrafficRequestStatus(status: BuyTrafficRequestStatus) {
  switch (status.status) {
    case 'created':
      return { status: status.status };
    case 'completed':
      return { status: status.status, transaction_id: status.transactionId };
    case 'failed':
      return {
        status: status.status,
        failure_reason: status.failureReason,
        ...(status.rejectionReason === undefined
          ? {}
          : { rejection_reason: status.rejectionReason }),
      };
  }
}
