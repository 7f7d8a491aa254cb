import type { TransactionContext, Typed } from '@pocketnet/ledger';
import { parseNumeric, t } from '@pocketnet/ledger';
import {
  exerciseAppTransfer,
  fetchOpenRound,
  lockForPayment,
  paymentAmountToAmulet,
  singleCreatedAmulet,
  unlockAmulet,
} from './amulet-calls.ts';
import type { TransferResult } from './amulet-results.ts';
import type { AppTransferContext, PaymentTransferContext, TransferInput } from './amulet-types.ts';
import type { RelTime } from './daml-support.ts';
import { require } from './daml-support.ts';
import type { PaymentAmount } from './payment-types.ts';
import { paymentAmountType } from './payment-types.ts';
import { paymentsReferences } from './payments-references.ts';
import { fieldOf } from './value-readers.ts';

export type SubscriptionData = {
  readonly sender: string;
  readonly receiver: string;
  readonly provider: string;
  readonly dso: string;
  readonly description: string;
};

export const subscriptionDataType: Typed<SubscriptionData> = t.record(
  {
    sender: t.party(),
    receiver: t.party(),
    provider: t.party(),
    dso: t.party(),
    description: t.text(),
  },
  'Splice.Wallet.Subscriptions:SubscriptionData',
);

export type SubscriptionPayData = {
  readonly paymentAmount: PaymentAmount;
  readonly paymentInterval: RelTime;
  readonly paymentDuration: RelTime;
};

export const subscriptionPayDataType: Typed<SubscriptionPayData> = t.record(
  { paymentAmount: paymentAmountType, paymentInterval: t.relTime(), paymentDuration: t.relTime() },
  'Splice.Wallet.Subscriptions:SubscriptionPayData',
);

export function subscriptionSignatories(data: SubscriptionData): string[] {
  return [data.sender, data.receiver, data.provider];
}

export function isValidPayData(payData: SubscriptionPayData): boolean | string {
  return (
    (parseNumeric(payData.paymentAmount.amount) > 0n &&
      BigInt(payData.paymentInterval.microseconds) > 0n &&
      BigInt(payData.paymentDuration.microseconds) > 0n) ||
    'payment amount, interval and duration must be positive'
  );
}

/** Splice's `requireMatchingContract` for the subscription a state or payment belongs to. */
export function requireMatchingSubscription(
  tx: TransactionContext,
  subscription: string,
  expected: { readonly subscriptionData: SubscriptionData; readonly reference: string },
): void {
  const actual = tx.fetch(paymentsReferences.subscription, subscription);
  require(tx, 'subscription matches', JSON.stringify(fieldOf(actual, 'subscriptionData')) ===
    JSON.stringify(expected.subscriptionData) &&
    fieldOf(actual, 'reference') === expected.reference);
}

export type LockedPayment = {
  readonly lockedAmulet: string;
  readonly senderChange: string | null;
  readonly targetAmount: string;
  readonly round: TransferResult['round'];
};

/**
 * Splice's `lockAndMakeChange`: locks the payment to the provider and receiver until the
 * round can no longer be used, returning the sender's change. Fees are zero, so the lock
 * holds exactly the target amount.
 */
export function lockAndMakeChange(
  tx: TransactionContext,
  payment: {
    readonly context: PaymentTransferContext;
    readonly subscriptionData: SubscriptionData;
    readonly payData: SubscriptionPayData;
    readonly inputs: readonly TransferInput[];
    readonly walletProvider: string;
  },
): LockedPayment {
  const { sender, receiver, provider, dso, description } = payment.subscriptionData;
  const round = fetchOpenRound(tx, payment.context.context.openMiningRound, sender);
  const targetAmount = paymentAmountToAmulet(tx, dso, round, payment.payData.paymentAmount);
  const locked = lockForPayment(tx, {
    dso,
    context: payment.context,
    round,
    sender,
    walletProvider: payment.walletProvider,
    inputs: payment.inputs,
    amount: targetAmount,
    holders: [provider, receiver],
    optContext: `amulet-subscription: ${description}`,
  });
  return { ...locked, targetAmount };
}

/** Splice's `unlockAndTransfer`: pays the locked amount to the receiver; returns its amulet. */
export function unlockAndTransfer(
  tx: TransactionContext,
  transfer: {
    readonly context: AppTransferContext;
    readonly subscriptionData: SubscriptionData;
    readonly targetAmount: string;
    readonly lockedAmulet: string;
  },
): string {
  const { sender, receiver, provider, dso } = transfer.subscriptionData;
  const unlocked = unlockAmulet(tx, transfer.lockedAmulet);
  const result = exerciseAppTransfer(tx, dso, transfer.context, {
    sender,
    provider,
    inputs: [{ tag: 'InputAmulet', value: unlocked }],
    outputs: [{ receiver, amount: transfer.targetAmount, lock: null, receiverFeeRatio: '0.0' }],
    beneficiaries: null,
  });
  return singleCreatedAmulet(tx, result, 'TransferResultAmulet');
}

/** The round a payment was locked in must still be the round it is collected against. */
export function requireSameRound(
  tx: TransactionContext,
  what: string,
  lockedIn: TransferResult['round'],
  context: { readonly openMiningRound: string; readonly actor: string },
): void {
  const round = fetchOpenRound(tx, context.openMiningRound, context.actor);
  require(tx, `Round at ${what} ${lockedIn.number} matches round at collection ${round.round.number}`, lockedIn.number ===
    round.round.number);
}
