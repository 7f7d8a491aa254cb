import type { TemplateDefinition, TransactionContext } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWalletPayments } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { fetchOpenRound, lockForPayment, paymentAmountToAmulet } from './amulet-calls.ts';
import { walletPaymentArgument } from './amulet-types.ts';
import { isBefore, isPositive, require, sumNumeric } from './daml-support.ts';
import { receiverAmountType } from './payment-types.ts';
import { paymentModuleId, paymentsReferences } from './payments-references.ts';

const terminatedResult = t.record({
  terminatedAppPayment: t.contractId(paymentsReferences.terminatedAppPayment),
});

/** Splice.Wallet.Payment:AppPaymentRequest — an app asks a sender to pay its receivers. */
export const appPaymentRequest: TemplateDefinition = tiedToSplice(
  spliceWalletPayments['Splice.Wallet.Payment'].AppPaymentRequest,
  defineTemplate({
    id: paymentModuleId('AppPaymentRequest'),
    fields: {
      sender: t.party(),
      receiverAmounts: t.list(receiverAmountType),
      provider: t.party(),
      dso: t.party(),
      expiresAt: t.time(),
      description: t.text(),
    },
    signatories: (request) => [
      request.sender,
      ...request.receiverAmounts.map((entry) => entry.receiver),
      request.provider,
    ],
    ensure: (request) =>
      request.receiverAmounts.every((entry) => isPositive(entry.amount.amount)) ||
      'every receiver amount must be positive',
    choices: (choice) => ({
      AppPaymentRequest_Expire: choice({
        controllers: (_request, { actor }) => [actor],
        argument: { actor: t.party() },
        result: terminatedResult,
        body: (tx, self, { actor }) => {
          require(tx, 'Actor is a stakeholder', self.signatories.includes(actor));
          require(tx, 'Contract has expired', !isBefore(tx.now(), self.payload.expiresAt));
          return { terminatedAppPayment: terminate(tx, self.contractId, self.payload) };
        },
      }),
      AppPaymentRequest_Accept: choice({
        controllers: (request, { walletProvider }) => [request.sender, walletProvider],
        argument: walletPaymentArgument,
        result: t.record({
          acceptedPayment: t.contractId(paymentsReferences.acceptedAppPayment),
          senderChangeAmulet: t.optional(t.contractId()),
        }),
        body: (tx, self, argument) => {
          const request = self.payload;
          const { context, inputs, walletProvider } = argument;
          const round = fetchOpenRound(tx, context.context.openMiningRound, request.provider);
          const amuletReceiverAmounts = request.receiverAmounts.map((entry) => ({
            receiver: entry.receiver,
            amuletAmount: paymentAmountToAmulet(tx, request.dso, round, entry.amount),
          }));
          require(tx, 'AppPaymentRequest has not expired', isBefore(tx.now(), request.expiresAt));
          const receivers = amuletReceiverAmounts.map((entry) => entry.receiver);
          const locked = lockForPayment(tx, {
            dso: request.dso,
            context,
            round,
            sender: request.sender,
            walletProvider,
            inputs,
            amount: sumNumeric(amuletReceiverAmounts.map((entry) => entry.amuletAmount)),
            holders: [request.provider, ...receivers],
            optContext: `amulet-payment-request: ${request.description}`,
          });
          const acceptedPayment = tx.create(paymentsReferences.acceptedAppPayment, {
            sender: request.sender,
            amuletReceiverAmounts,
            provider: request.provider,
            dso: request.dso,
            lockedAmulet: locked.lockedAmulet,
            round: locked.round,
            reference: self.contractId,
          });
          return { acceptedPayment, senderChangeAmulet: locked.senderChange };
        },
      }),
      AppPaymentRequest_Withdraw: choice({
        controllers: (request) => request.receiverAmounts.map((entry) => entry.receiver),
        argument: {},
        result: terminatedResult,
        body: (tx, self) => ({
          terminatedAppPayment: terminate(tx, self.contractId, self.payload),
        }),
      }),
      AppPaymentRequest_Reject: choice({
        controllers: (request) => [request.sender],
        argument: {},
        result: terminatedResult,
        body: (tx, self) => ({
          terminatedAppPayment: terminate(tx, self.contractId, self.payload),
        }),
      }),
    }),
  }),
  {},
);

type RequestParties = {
  readonly sender: string;
  readonly provider: string;
  readonly receiverAmounts: readonly { readonly receiver: string }[];
};

function terminate(tx: TransactionContext, reference: string, request: RequestParties): string {
  return tx.create(paymentsReferences.terminatedAppPayment, {
    sender: request.sender,
    provider: request.provider,
    receivers: request.receiverAmounts.map((entry) => entry.receiver),
    reference,
  });
}

/** Splice.Wallet.Payment:TerminatedAppPayment — lets the app's workflow see the payment end. */
export const terminatedAppPayment: TemplateDefinition = tiedToSplice(
  spliceWalletPayments['Splice.Wallet.Payment'].TerminatedAppPayment,
  defineTemplate({
    id: paymentModuleId('TerminatedAppPayment'),
    fields: {
      sender: t.party(),
      provider: t.party(),
      receivers: t.list(t.party()),
      reference: t.contractId(paymentsReferences.appPaymentRequest),
    },
    signatories: (payment) => [payment.sender, payment.provider, ...payment.receivers],
  }),
  {},
);
