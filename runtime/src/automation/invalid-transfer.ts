import { formatNumeric, isDomainError, parseNumeric } from '@pocketnet/ledger';
import { spliceErrorIds } from '@pocketnet/splice';

// Why a wallet operation could not be done, as Splice's wallet triggers word it when they give a
// request up (CompleteBuyTrafficRequestTrigger). A transfer fails with Splice's failure status
// (the error id leads the message, the amounts follow), or, inside a batch that went on, as a
// COO_Error whose InvalidTransferReason the wallet raises in the error's details.

const missingAmount = /you are missing (\d+(?:\.\d+)?)/;
const topupAmounts = /top-up amount \((\d+)\) is below the minimum allowed \((\d+)\)/;
const unknownSynchronizer = /Unknown synchronizer provided: (\S+)/;

type Reason =
  | { readonly kind: 'outOfFunds'; readonly missing: string }
  | { readonly kind: 'unknownSynchronizer'; readonly synchronizerId: string }
  | { readonly kind: 'topupTooSmall'; readonly requested: string; readonly minimum: string };

function reasonOf(error: unknown): Reason | null {
  if (!isDomainError(error)) return null;
  const { details, message } = error;
  if (details.invalidTransferReason === 'ITR_InsufficientFunds')
    return { kind: 'outOfFunds', missing: details.missingAmount ?? '' };
  if (details.invalidTransferReason === 'ITR_UnknownSynchronizer')
    return { kind: 'unknownSynchronizer', synchronizerId: details.synchronizerId ?? '' };
  if (details.invalidTransferReason === 'ITR_InsufficientTopupAmount') {
    const requested = details.requestedTopupAmount ?? '';
    return { kind: 'topupTooSmall', requested, minimum: details.minTopupAmount ?? '' };
  }
  if (message.includes(spliceErrorIds.insufficientFunds)) {
    const missing = missingAmount.exec(message)?.[1];
    return { kind: 'outOfFunds', missing: missing ? formatNumeric(parseNumeric(missing)) : '' };
  }
  if (message.includes(spliceErrorIds.unknownSynchronizer))
    return {
      kind: 'unknownSynchronizer',
      synchronizerId: unknownSynchronizer.exec(message)?.[1] ?? '',
    };
  if (message.includes(spliceErrorIds.insufficientTopupAmount)) {
    const [, requested = '', minimum = ''] = topupAmounts.exec(message) ?? [];
    return { kind: 'topupTooSmall', requested, minimum };
  }
  return null;
}

/** The reason in Splice's words; null for any other failure, which is not the request's fault. */
export function invalidTransferReason(error: unknown): string | null {
  const reason = reasonOf(error);
  switch (reason?.kind) {
    case 'outOfFunds':
      return `out of funds (missing ${reason.missing} CC)`;
    case 'unknownSynchronizer':
      return `unknown synchronizerId ${reason.synchronizerId}`;
    case 'topupTooSmall':
      return `not enough traffic requested (trafficAmount ${reason.requested} < minTopupAmount ${reason.minimum})`;
    default:
      return null;
  }
}

/** Whether an operation failed only because its wallet cannot pay for it (yet). */
export const isOutOfFunds = (error: unknown): boolean => reasonOf(error)?.kind === 'outOfFunds';
