import type { TemplateDefinition, TransactionContext } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWalletPayments } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { amuletSummaryOf, expireLockAsOwner, unlockAmulet } from './amulet-calls.ts';
import { amuletCreateSummaryType } from './amulet-results.ts';
import { amuletReferences, appTransferContextType, roundType } from './amulet-types.ts';
import { addRelTime, require } from './daml-support.ts';
import { paymentsReferences, subscriptionsModuleId } from './payments-references.ts';
import type { SubscriptionData } from './subscription-support.ts';
import {
  isValidPayData,
  requireSameRound,
  subscriptionDataType,
  subscriptionPayDataType,
  subscriptionSignatories,
  unlockAndTransfer,
} from './subscription-support.ts';

const amuletSumResult = t.record({ amuletSum: amuletCreateSummaryType });

/** The returned amulet, priced at the collection context's open round. */
export function summaryAt(
  tx: TransactionContext,
  amulet: string,
  context: { readonly openMiningRound: string },
  payment: { readonly subscriptionData: SubscriptionData },
) {
  const actor = payment.subscriptionData.sender;
  return amuletSummaryOf(tx, amulet, { openMiningRound: context.openMiningRound, actor });
}

function terminate(
  tx: TransactionContext,
  payment: { readonly subscriptionData: SubscriptionData; readonly reference: string },
): string {
  return tx.create(paymentsReferences.terminatedSubscription, {
    subscriptionData: payment.subscriptionData,
    reference: payment.reference,
  });
}

/**
 * Splice.Wallet.Subscriptions:SubscriptionInitialPayment — the first payment, locked; its
 * collection by the receiver creates the subscription.
 */
export const subscriptionInitialPayment: TemplateDefinition = tiedToSplice(
  spliceWalletPayments['Splice.Wallet.Subscriptions'].SubscriptionInitialPayment,
  defineTemplate({
    id: subscriptionsModuleId('SubscriptionInitialPayment'),
    fields: {
      subscriptionData: subscriptionDataType,
      payData: subscriptionPayDataType,
      targetAmount: t.numeric(10),
      lockedAmulet: t.contractId(amuletReferences.lockedAmulet),
      round: roundType,
      reference: t.contractId(paymentsReferences.subscriptionRequest),
    },
    signatories: ({ subscriptionData }) => subscriptionSignatories(subscriptionData),
    ensure: ({ payData }) => isValidPayData(payData),
    choices: (choice) => ({
      SubscriptionInitialPayment_Collect: choice({
        controllers: ({ subscriptionData }) => subscriptionSignatories(subscriptionData),
        argument: { transferContext: appTransferContextType },
        result: t.record({
          subscription: t.contractId(paymentsReferences.subscription),
          subscriptionState: t.contractId(paymentsReferences.subscriptionIdleState),
          amulet: t.contractId(amuletReferences.amulet),
        }),
        body: (tx, self, { transferContext }) => {
          const payment = self.payload;
          requireSameRound(tx, 'subscription request', payment.round, {
            openMiningRound: transferContext.openMiningRound,
            actor: payment.subscriptionData.provider,
          });
          const { subscriptionData, payData, reference } = payment;
          const subscription = tx.create(paymentsReferences.subscription, {
            subscriptionData,
            reference,
          });
          const subscriptionState = tx.create(paymentsReferences.subscriptionIdleState, {
            subscription,
            subscriptionData,
            payData,
            nextPaymentDueAt: addRelTime(tx.now(), payData.paymentInterval),
            reference,
          });
          const amulet = unlockAndTransfer(tx, { context: transferContext, ...payment });
          return { subscription, subscriptionState, amulet };
        },
      }),
      SubscriptionInitialPayment_Reject: choice({
        controllers: ({ subscriptionData }) => [subscriptionData.receiver],
        argument: { transferContext: appTransferContextType },
        result: amuletSumResult,
        body: (tx, self, { transferContext }) => {
          terminate(tx, self.payload);
          const amulet = unlockAmulet(tx, self.payload.lockedAmulet);
          return { amuletSum: summaryAt(tx, amulet, transferContext, self.payload) };
        },
      }),
      SubscriptionInitialPayment_Expire: choice({
        controllers: (_payment, { actor }) => [actor],
        argument: { actor: t.party(), transferContext: appTransferContextType },
        result: amuletSumResult,
        body: (tx, self, { actor, transferContext }) => {
          require(tx, `Actor ${actor} is a signatory`, self.signatories.includes(actor));
          terminate(tx, self.payload);
          const amulet = expireLockAsOwner(tx, self.payload.lockedAmulet);
          return { amuletSum: summaryAt(tx, amulet, transferContext, self.payload) };
        },
      }),
    }),
  }),
  {},
);
