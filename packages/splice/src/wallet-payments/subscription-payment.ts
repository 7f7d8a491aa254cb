import type { TemplateDefinition, TransactionContext } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWalletPayments } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { expireLockAsOwner, unlockAmulet } from './amulet-calls.ts';
import { amuletCreateSummaryType } from './amulet-results.ts';
import { amuletReferences, appTransferContextType, roundType } from './amulet-types.ts';
import { addRelTime, require } from './daml-support.ts';
import { paymentsReferences, subscriptionsModuleId } from './payments-references.ts';
import { summaryAt } from './subscription-initial-payment.ts';
import type { SubscriptionData, SubscriptionPayData } from './subscription-support.ts';
import {
  isValidPayData,
  requireMatchingSubscription,
  requireSameRound,
  subscriptionDataType,
  subscriptionPayDataType,
  subscriptionSignatories,
  unlockAndTransfer,
} from './subscription-support.ts';

type PaymentState = {
  readonly subscription: string;
  readonly subscriptionData: SubscriptionData;
  readonly payData: SubscriptionPayData;
  readonly reference: string;
};

/** Back to the idle state, due again at `nextPaymentDueAt`. */
function idleAgain(
  tx: TransactionContext,
  payment: PaymentState,
  nextPaymentDueAt: string,
): string {
  return tx.create(paymentsReferences.subscriptionIdleState, {
    subscription: payment.subscription,
    subscriptionData: payment.subscriptionData,
    payData: payment.payData,
    nextPaymentDueAt,
    reference: payment.reference,
  });
}

const returnedResult = t.record({
  subscriptionState: t.contractId(paymentsReferences.subscriptionIdleState),
  amuletSum: amuletCreateSummaryType,
});

/** Splice.Wallet.Subscriptions:SubscriptionPayment — a follow-up payment in flight, locked. */
export const subscriptionPayment: TemplateDefinition = tiedToSplice(
  spliceWalletPayments['Splice.Wallet.Subscriptions'].SubscriptionPayment,
  defineTemplate({
    id: subscriptionsModuleId('SubscriptionPayment'),
    fields: {
      subscription: t.contractId(paymentsReferences.subscription),
      subscriptionData: subscriptionDataType,
      payData: subscriptionPayDataType,
      thisPaymentDueAt: t.time(),
      targetAmount: t.numeric(10),
      lockedAmulet: t.contractId(amuletReferences.lockedAmulet),
      round: roundType,
      reference: t.contractId(paymentsReferences.subscriptionRequest),
    },
    signatories: ({ subscriptionData }) => subscriptionSignatories(subscriptionData),
    ensure: ({ payData }) => isValidPayData(payData),
    choices: (choice) => ({
      SubscriptionPayment_Collect: choice({
        controllers: ({ subscriptionData }) => subscriptionSignatories(subscriptionData),
        argument: { transferContext: appTransferContextType },
        result: t.record({
          subscriptionState: t.contractId(paymentsReferences.subscriptionIdleState),
          amulet: t.contractId(amuletReferences.amulet),
        }),
        body: (tx, self, { transferContext }) => {
          const payment = self.payload;
          requireSameRound(tx, 'subscription payment', payment.round, {
            openMiningRound: transferContext.openMiningRound,
            actor: payment.subscriptionData.provider,
          });
          requireMatchingSubscription(tx, payment.subscription, payment);
          const nextDue = addRelTime(payment.thisPaymentDueAt, payment.payData.paymentInterval);
          const subscriptionState = idleAgain(tx, payment, nextDue);
          const amulet = unlockAndTransfer(tx, { context: transferContext, ...payment });
          return { subscriptionState, amulet };
        },
      }),
      SubscriptionPayment_Reject: choice({
        controllers: ({ subscriptionData }) => [subscriptionData.receiver],
        argument: { transferContext: appTransferContextType },
        result: returnedResult,
        body: (tx, self, { transferContext }) => {
          const payment = self.payload;
          requireMatchingSubscription(tx, payment.subscription, payment);
          const subscriptionState = idleAgain(tx, payment, payment.thisPaymentDueAt);
          const amulet = unlockAmulet(tx, payment.lockedAmulet);
          return { subscriptionState, amuletSum: summaryAt(tx, amulet, transferContext, payment) };
        },
      }),
      SubscriptionPayment_Expire: choice({
        controllers: (_payment, { actor }) => [actor],
        argument: { actor: t.party(), transferContext: appTransferContextType },
        result: returnedResult,
        body: (tx, self, { actor, transferContext }) => {
          const payment = self.payload;
          require(tx, `Actor ${actor} is a signatory`, self.signatories.includes(actor));
          requireMatchingSubscription(tx, payment.subscription, payment);
          const subscriptionState = idleAgain(tx, payment, payment.thisPaymentDueAt);
          const amulet = expireLockAsOwner(tx, payment.lockedAmulet);
          return { subscriptionState, amuletSum: summaryAt(tx, amulet, transferContext, payment) };
        },
      }),
    }),
  }),
  {},
);
