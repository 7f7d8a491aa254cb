import { transferResultType } from '../wallet-payments/amulet-results.ts';
import type { TransferInput } from '../wallet-payments/amulet-types.ts';
import { amuletReferences } from '../wallet-payments/amulet-types.ts';
import { isBefore } from '../wallet-payments/daml-support.ts';
import { paymentsReferences } from '../wallet-payments/payments-references.ts';
import {
  fieldOf,
  optionalTextFieldOf,
  readAs,
  textFieldOf,
} from '../wallet-payments/value-readers.ts';
import { buyTrafficRequestTrackingInfoType } from './buy-traffic-request.ts';
import type { ExecutionContext, OperationStep } from './execution-context.ts';
import { changeAsInputs, failedStep } from './execution-context.ts';
import { transferOfferTrackingInfoType } from './transfer-offer.ts';
import { walletReferences } from './wallet-references.ts';

// The operations that pay for something the end user agreed to: app payments, subscriptions,
// accepted transfer offers and traffic requests.

type Inputs = readonly TransferInput[];

function walletArgument(context: ExecutionContext, inputs: Inputs) {
  return { inputs, context: context.paymentContext, walletProvider: context.validator };
}

export function acceptAppPayment(
  context: ExecutionContext,
  inputs: Inputs,
  cid: string,
): OperationStep {
  const { tx } = context;
  const result = tx.exercise(
    paymentsReferences.appPaymentRequest,
    cid,
    'AppPaymentRequest_Accept',
    walletArgument(context, inputs),
  );
  return {
    outcome: { tag: 'COO_AcceptedAppPayment', value: textFieldOf(result, 'acceptedPayment') },
    inputs: changeAsInputs(optionalTextFieldOf(result, 'senderChangeAmulet')),
  };
}

export function acceptSubscription(
  context: ExecutionContext,
  inputs: Inputs,
  cid: string,
): OperationStep {
  const { tx } = context;
  const choice = 'SubscriptionRequest_AcceptAndMakePayment';
  const result = tx.exercise(
    paymentsReferences.subscriptionRequest,
    cid,
    choice,
    walletArgument(context, inputs),
  );
  return {
    outcome: {
      tag: 'COO_SubscriptionInitialPayment',
      value: textFieldOf(result, 'subscriptionPayment'),
    },
    inputs: changeAsInputs(optionalTextFieldOf(result, 'senderChange')),
  };
}

export function paySubscription(
  context: ExecutionContext,
  inputs: Inputs,
  cid: string,
): OperationStep {
  const { tx } = context;
  const choice = 'SubscriptionIdleState_MakePayment';
  const result = tx.exercise(
    paymentsReferences.subscriptionIdleState,
    cid,
    choice,
    walletArgument(context, inputs),
  );
  return {
    outcome: { tag: 'COO_SubscriptionPayment', value: textFieldOf(result, 'subscriptionPayment') },
    inputs: changeAsInputs(optionalTextFieldOf(result, 'senderChange')),
  };
}

/** True when the contract's `expiresAt` has passed, read before anything is exercised. */
function hasExpired(context: ExecutionContext, reference: string, cid: string): boolean {
  const contract = context.tx.fetch(reference, cid);
  return !isBefore(context.tx.now(), textFieldOf(contract, 'expiresAt'));
}

export function completeAcceptedTransfer(
  context: ExecutionContext,
  inputs: Inputs,
  cid: string,
): OperationStep {
  const { tx } = context;
  if (hasExpired(context, walletReferences.acceptedTransferOffer, cid)) {
    return failedStep(inputs, "The requirement 'Offer has not expired' was not met.");
  }
  const result = tx.exercise(
    walletReferences.acceptedTransferOffer,
    cid,
    'AcceptedTransferOffer_Complete',
    {
      inputs,
      transferContext: context.paymentContext,
      walletProvider: context.validator,
    },
  );
  const transferResult = readAs(
    transferResultType,
    fieldOf(result, 'transferResult'),
    'transferResult',
  );
  const trackingInfo = readAs(
    transferOfferTrackingInfoType,
    fieldOf(result, 'trackingInfo'),
    'trackingInfo',
  );
  return {
    outcome: {
      tag: 'COO_CompleteAcceptedTransfer',
      value: { _1: transferResult, _2: trackingInfo },
    },
    inputs: changeAsInputs(optionalTextFieldOf(result, 'senderChangeAmulet')),
  };
}

export function completeBuyTrafficRequest(
  context: ExecutionContext,
  inputs: Inputs,
  cid: string,
): OperationStep {
  const { tx } = context;
  if (hasExpired(context, walletReferences.buyTrafficRequest, cid)) {
    return failedStep(inputs, "The requirement 'Contract has not expired' was not met.");
  }
  const choice = 'BuyTrafficRequest_Complete';
  const result = tx.exercise(
    walletReferences.buyTrafficRequest,
    cid,
    choice,
    walletArgument(context, inputs),
  );
  const trackingInfo = readAs(
    buyTrafficRequestTrackingInfoType,
    fieldOf(result, 'trackingInfo'),
    choice,
  );
  return {
    outcome: {
      tag: 'COO_CompleteBuyTrafficRequest',
      value: { _1: textFieldOf(result, 'purchasedTraffic'), _2: trackingInfo },
    },
    inputs: changeAsInputs(optionalTextFieldOf(result, 'senderChangeAmulet')),
  };
}

export function tap(context: ExecutionContext, inputs: Inputs, tapAmount: string): OperationStep {
  const { tx, paymentContext } = context;
  const result = tx.exercise(
    amuletReferences.amuletRules,
    paymentContext.amuletRules,
    'AmuletRules_DevNet_Tap',
    {
      receiver: context.endUser,
      amount: tapAmount,
      openRound: paymentContext.context.openMiningRound,
    },
  );
  const amulet = textFieldOf(fieldOf(result, 'amuletSum'), 'amulet');
  // Unlike other operations the tapped coin joins the inputs instead of replacing them.
  return {
    outcome: { tag: 'COO_Tap', value: amulet },
    inputs: [{ tag: 'InputAmulet', value: amulet }, ...inputs],
  };
}
