import type { TransferInput } from '../wallet-payments/amulet-types.ts';
import type { AmuletOperation, AmuletOperationOutcome } from './amulet-operations.ts';
import type { ExecutionContext, OperationStep } from './execution-context.ts';
import {
  acceptAppPayment,
  acceptSubscription,
  completeAcceptedTransfer,
  completeBuyTrafficRequest,
  paySubscription,
  tap,
} from './payment-operations.ts';
import {
  acceptTransferPreapprovalProposal,
  buyMemberTraffic,
  createExternalPartySetupProposal,
  mergeInputs,
  renewTransferPreapproval,
  sendThroughPreapproval,
} from './transfer-operations.ts';

type Inputs = readonly TransferInput[];

function executeOperation(
  context: ExecutionContext,
  inputs: Inputs,
  operation: AmuletOperation,
): OperationStep {
  switch (operation.tag) {
    case 'CO_AppPayment':
      return acceptAppPayment(context, inputs, operation.value);
    case 'CO_CompleteAcceptedTransfer':
      return completeAcceptedTransfer(context, inputs, operation.value);
    case 'CO_SubscriptionAcceptAndMakeInitialPayment':
      return acceptSubscription(context, inputs, operation.value);
    case 'CO_SubscriptionMakePayment':
      return paySubscription(context, inputs, operation.value);
    case 'CO_MergeTransferInputs':
      return mergeInputs(context, inputs);
    case 'CO_BuyMemberTraffic':
      return buyMemberTraffic(context, inputs, operation.value);
    case 'CO_CompleteBuyTrafficRequest':
      return completeBuyTrafficRequest(context, inputs, operation.value.trafficRequestCid);
    case 'CO_Tap':
      return tap(context, inputs, operation.value.tapAmount);
    case 'ExtAmuletOperation':
      return context.tx.fail(
        'ExtAmuletOperation: bare extension constructors are not allowed at runtime',
      );
    case 'CO_CreateExternalPartySetupProposal':
      return createExternalPartySetupProposal(context, inputs, operation.value);
    case 'CO_AcceptTransferPreapprovalProposal':
      return acceptTransferPreapprovalProposal(context, inputs, operation.value);
    case 'CO_RenewTransferPreapproval':
      return renewTransferPreapproval(context, inputs, operation.value);
    case 'CO_TransferPreapprovalSend':
      return sendThroughPreapproval(context, inputs, operation.value);
  }
}

/**
 * Splice's `executeAmuletOperationRec`: runs the operations in order, each spending what the
 * previous one left over, and returns their outcomes in operation order.
 */
export function executeAmuletOperations(
  context: ExecutionContext,
  inputs: Inputs,
  operations: readonly AmuletOperation[],
): AmuletOperationOutcome[] {
  const outcomes: AmuletOperationOutcome[] = [];
  let remaining = inputs;
  for (const operation of operations) {
    const step = executeOperation(context, remaining, operation);
    outcomes.push(step.outcome);
    remaining = step.inputs;
  }
  return outcomes;
}
