import type { TemplateDefinition, TransactionContext } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWalletPayments } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { walletPaymentArgument } from './amulet-types.ts';
import { addRelTime, isBefore, require } from './daml-support.ts';
import { paymentsReferences, subscriptionsModuleId } from './payments-references.ts';
import {
  isValidPayData,
  lockAndMakeChange,
  requireMatchingSubscription,
  subscriptionDataType,
  subscriptionPayDataType,
  subscriptionSignatories,
} from './subscription-support.ts';
import { textFieldOf } from './value-readers.ts';

const terminatedResult = t.record({
  terminatedSubscription: t.contractId(paymentsReferences.terminatedSubscription),
});

/**
 * Splice.Wallet.Subscriptions:SubscriptionIdleState — between payments: the sender pays the
 * next period, cancels, or a signatory expires the subscription once a payment is missed.
 */
export const subscriptionIdleState: TemplateDefinition = tiedToSplice(
  spliceWalletPayments['Splice.Wallet.Subscriptions'].SubscriptionIdleState,
  defineTemplate({
    id: subscriptionsModuleId('SubscriptionIdleState'),
    fields: {
      subscription: t.contractId(paymentsReferences.subscription),
      subscriptionData: subscriptionDataType,
      payData: subscriptionPayDataType,
      nextPaymentDueAt: t.time(),
      reference: t.contractId(paymentsReferences.subscriptionRequest),
    },
    signatories: ({ subscriptionData }) => subscriptionSignatories(subscriptionData),
    ensure: ({ payData }) => isValidPayData(payData),
    choices: (choice) => ({
      SubscriptionIdleState_MakePayment: choice({
        controllers: ({ subscriptionData }, { walletProvider }) => [
          subscriptionData.sender,
          walletProvider,
        ],
        argument: walletPaymentArgument,
        result: t.record({
          subscriptionPayment: t.contractId(paymentsReferences.subscriptionPayment),
          senderChange: t.optional(t.contractId()),
        }),
        body: (tx, self, argument) => {
          const state = self.payload;
          requireMatchingSubscription(tx, state.subscription, state);
          // Deliberately no upper bound: providers may grant a grace period after the due date.
          require(tx, 'The next due date is close enough to make the next payment.', !isBefore(
            addRelTime(tx.now(), state.payData.paymentDuration),
            state.nextPaymentDueAt,
          ));
          const locked = lockAndMakeChange(tx, { ...argument, ...state });
          const subscriptionPayment = tx.create(paymentsReferences.subscriptionPayment, {
            subscription: state.subscription,
            subscriptionData: state.subscriptionData,
            payData: state.payData,
            thisPaymentDueAt: state.nextPaymentDueAt,
            targetAmount: locked.targetAmount,
            lockedAmulet: locked.lockedAmulet,
            round: locked.round,
            reference: state.reference,
          });
          return { subscriptionPayment, senderChange: locked.senderChange };
        },
      }),
      SubscriptionIdleState_ExpireSubscription: choice({
        controllers: (_state, { actor }) => [actor],
        argument: { actor: t.party() },
        result: terminatedResult,
        body: (tx, self, { actor }) => {
          const state = self.payload;
          require(tx, `Actor ${actor} is a signatory`, self.signatories.includes(actor));
          requireMatchingSubscription(tx, state.subscription, state);
          require(tx, 'Last subscription payment was missed', isBefore(
            state.nextPaymentDueAt,
            tx.now(),
          ));
          return archiveSubscription(tx, state.subscription);
        },
      }),
      SubscriptionIdleState_CancelSubscription: choice({
        controllers: ({ subscriptionData }) => [subscriptionData.sender],
        argument: {},
        result: terminatedResult,
        body: (tx, self) => {
          requireMatchingSubscription(tx, self.payload.subscription, self.payload);
          return archiveSubscription(tx, self.payload.subscription);
        },
      }),
    }),
  }),
  {},
);

function archiveSubscription(
  tx: TransactionContext,
  subscription: string,
): { terminatedSubscription: string } {
  const result = tx.exercise(
    paymentsReferences.subscription,
    subscription,
    'Subscription_Archive',
    {},
  );
  return { terminatedSubscription: textFieldOf(result, 'terminatedSubscription') };
}
