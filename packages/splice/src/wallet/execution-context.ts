import type { TransactionContext } from '@pocketnet/ledger';
import type { PaymentTransferContext, TransferInput } from '../wallet-payments/amulet-types.ts';
import type { AmuletOperationOutcome } from './amulet-operations.ts';

/** What every operation of a batch runs with (Splice's ExecutionContext). */
export type ExecutionContext = {
  readonly tx: TransactionContext;
  readonly dso: string;
  readonly endUser: string;
  readonly validator: string;
  readonly paymentContext: PaymentTransferContext;
};

/** An operation's outcome and the inputs the next operation gets. */
export type OperationStep = {
  readonly outcome: AmuletOperationOutcome;
  readonly inputs: readonly TransferInput[];
};

/** The next operation spends the change of this one, as Splice threads it along. */
export function changeAsInputs(change: string | null): TransferInput[] {
  return change === null ? [] : [{ tag: 'InputAmulet', value: change }];
}

/**
 * A failed operation leaves its inputs to the next one and reports COO_Error. Splice catches
 * any failure this way; pocketnet's interpreter cannot roll back a partly run choice, so only
 * failures detected before anything is exercised become COO_Error.
 */
export function failedStep(inputs: readonly TransferInput[], description: string): OperationStep {
  return {
    outcome: { tag: 'COO_Error', value: { tag: 'ITR_Other', value: { description } } },
    inputs,
  };
}
