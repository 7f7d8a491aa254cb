import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWalletPayments } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { walletPaymentArgument } from './amulet-types.ts';
import { paymentsReferences, subscriptionsModuleId } from './payments-references.ts';
import {
  isValidPayData,
  lockAndMakeChange,
  subscriptionDataType,
  subscriptionPayDataType,
  subscriptionSignatories,
} from './subscription-support.ts';

const terminatedResult = t.record({
  terminatedSubscription: t.contractId(paymentsReferences.terminatedSubscription),
});

/** Splice.Wallet.Subscriptions:Subscription — the stable reference of a running subscription. */
export const subscription: TemplateDefinition = tiedToSplice(
  spliceWalletPayments['Splice.Wallet.Subscriptions'].Subscription,
  defineTemplate({
    id: subscriptionsModuleId('Subscription'),
    fields: {
      subscriptionData: subscriptionDataType,
      reference: t.contractId(paymentsReferences.subscriptionRequest),
    },
    signatories: ({ subscriptionData }) => subscriptionSignatories(subscriptionData),
    choices: (choice) => ({
      Subscription_Archive: choice({
        controllers: ({ subscriptionData }) => subscriptionSignatories(subscriptionData),
        argument: {},
        result: terminatedResult,
        body: (tx, self) => ({
          terminatedSubscription: tx.create(
            paymentsReferences.terminatedSubscription,
            self.payload,
          ),
        }),
      }),
    }),
  }),
  {},
);

/** Splice.Wallet.Subscriptions:TerminatedSubscription — archived by the app's own workflow. */
export const terminatedSubscription: TemplateDefinition = tiedToSplice(
  spliceWalletPayments['Splice.Wallet.Subscriptions'].TerminatedSubscription,
  defineTemplate({
    id: subscriptionsModuleId('TerminatedSubscription'),
    fields: {
      subscriptionData: subscriptionDataType,
      reference: t.contractId(paymentsReferences.subscriptionRequest),
    },
    signatories: ({ subscriptionData }) => subscriptionSignatories(subscriptionData),
  }),
  {},
);

/** Splice.Wallet.Subscriptions:SubscriptionRequest — accepted by paying the first period. */
export const subscriptionRequest: TemplateDefinition = tiedToSplice(
  spliceWalletPayments['Splice.Wallet.Subscriptions'].SubscriptionRequest,
  defineTemplate({
    id: subscriptionsModuleId('SubscriptionRequest'),
    fields: { subscriptionData: subscriptionDataType, payData: subscriptionPayDataType },
    signatories: ({ subscriptionData }) => subscriptionSignatories(subscriptionData),
    ensure: ({ payData }) => isValidPayData(payData),
    choices: (choice) => ({
      SubscriptionRequest_AcceptAndMakePayment: choice({
        controllers: ({ subscriptionData }, { walletProvider }) => [
          subscriptionData.sender,
          walletProvider,
        ],
        argument: walletPaymentArgument,
        result: t.record({
          subscriptionPayment: t.contractId(paymentsReferences.subscriptionInitialPayment),
          senderChange: t.optional(t.contractId()),
        }),
        body: (tx, self, argument) => {
          const { subscriptionData, payData } = self.payload;
          const locked = lockAndMakeChange(tx, { ...argument, subscriptionData, payData });
          const subscriptionPayment = tx.create(paymentsReferences.subscriptionInitialPayment, {
            subscriptionData,
            payData,
            targetAmount: locked.targetAmount,
            lockedAmulet: locked.lockedAmulet,
            round: locked.round,
            reference: self.contractId,
          });
          return { subscriptionPayment, senderChange: locked.senderChange };
        },
      }),
      SubscriptionRequest_Withdraw: choice({
        controllers: ({ subscriptionData }) => [subscriptionData.receiver],
        argument: {},
        result: terminatedResult,
        body: (tx, self) => ({
          terminatedSubscription: tx.create(paymentsReferences.terminatedSubscription, {
            subscriptionData: self.payload.subscriptionData,
            reference: self.contractId,
          }),
        }),
      }),
      SubscriptionRequest_Reject: choice({
        controllers: ({ subscriptionData }) => [subscriptionData.sender],
        argument: {},
        result: terminatedResult,
        body: (tx, self) => ({
          terminatedSubscription: tx.create(paymentsReferences.terminatedSubscription, {
            subscriptionData: self.payload.subscriptionData,
            reference: self.contractId,
          }),
        }),
      }),
    }),
  }),
  {},
);
