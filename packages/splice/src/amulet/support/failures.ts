import type { TransactionContext } from '@pocketnet/ledger';

// Splice's failWithStatus errors (amulet 0.1.18+): clients match on the error id in the
// DAML_FAILURE's cause.

const spliceErrorPrefix = 'splice.lfdecentralizedtrust.org/';

export const spliceErrorIds = {
  insufficientFunds: `${spliceErrorPrefix}insufficient-funds`,
  maximumInputsExceeded: `${spliceErrorPrefix}maximum-inputs-exceeded`,
  maximumOutputsExceeded: `${spliceErrorPrefix}maximum-outputs-exceeded`,
  unknownSynchronizer: `${spliceErrorPrefix}unknown-synchronizer`,
  insufficientTopupAmount: `${spliceErrorPrefix}insufficient-topup-amount`,
} as const;

export type SpliceErrorId = (typeof spliceErrorIds)[keyof typeof spliceErrorIds];

export function failWithStatus(
  tx: TransactionContext,
  errorId: SpliceErrorId,
  message: string,
): never {
  return tx.failWithStatus(errorId, message);
}
