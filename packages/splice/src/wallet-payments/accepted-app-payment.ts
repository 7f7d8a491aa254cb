import type { TemplateDefinition, TransactionContext } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWalletPayments } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import {
  amuletSummaryOf,
  exerciseAppTransfer,
  expireLockAsOwner,
  fetchOpenRound,
  unlockAmulet,
} from './amulet-calls.ts';
import { amuletCreateSummaryType } from './amulet-results.ts';
import { amuletReferences, appTransferContextType, roundType } from './amulet-types.ts';
import { require } from './daml-support.ts';
import { receiverAmuletAmountType } from './payment-types.ts';
import { paymentModuleId, paymentsReferences } from './payments-references.ts';

const amuletResult = t.record({ amulet: amuletCreateSummaryType });

/**
 * Splice.Wallet.Payment:AcceptedAppPayment — the sender's amulet locked to the provider and
 * receivers until the app collects it (or rejects it, or it expires back to the sender).
 */
export const acceptedAppPayment: TemplateDefinition = tiedToSplice(
  spliceWalletPayments['Splice.Wallet.Payment'].AcceptedAppPayment,
  defineTemplate({
    id: paymentModuleId('AcceptedAppPayment'),
    fields: {
      sender: t.party(),
      amuletReceiverAmounts: t.list(receiverAmuletAmountType),
      provider: t.party(),
      dso: t.party(),
      lockedAmulet: t.contractId(amuletReferences.lockedAmulet),
      round: roundType,
      reference: t.contractId(paymentsReferences.appPaymentRequest),
    },
    signatories: (payment) => [
      payment.sender,
      payment.provider,
      ...payment.amuletReceiverAmounts.map((entry) => entry.receiver),
    ],
    choices: (choice) => ({
      AcceptedAppPayment_Collect: choice({
        controllers: (payment) => [
          payment.sender,
          payment.provider,
          ...payment.amuletReceiverAmounts.map((entry) => entry.receiver),
        ],
        argument: { context: appTransferContextType },
        result: t.record({
          receiverAmulets: t.list(
            t.record(
              { _1: t.party(), _2: t.contractId(amuletReferences.amulet) },
              'DA.Types:Tuple2',
            ),
          ),
        }),
        body: (tx, self, { context }) => {
          const payment = self.payload;
          const round = fetchOpenRound(tx, context.openMiningRound, payment.provider);
          require(tx, `Round at payment acceptance ${payment.round.number} matches round at collection ${round.round.number}`, payment
            .round.number === round.round.number);
          const unlocked = unlockAmulet(tx, payment.lockedAmulet);
          const result = exerciseAppTransfer(tx, payment.dso, context, {
            sender: payment.sender,
            provider: payment.provider,
            inputs: [{ tag: 'InputAmulet', value: unlocked }],
            outputs: payment.amuletReceiverAmounts.map((entry) => ({
              receiver: entry.receiver,
              amount: entry.amuletAmount,
              receiverFeeRatio: '0.0',
              lock: null,
            })),
            beneficiaries: null,
          });
          const receiverAmulets = payment.amuletReceiverAmounts.map((entry, index) => ({
            _1: entry.receiver,
            _2: String(result.createdAmulets[index]?.value ?? tx.fail('missing receiver amulet')),
          }));
          return { receiverAmulets };
        },
      }),
      AcceptedAppPayment_Reject: choice({
        controllers: (payment) => payment.amuletReceiverAmounts.map((entry) => entry.receiver),
        argument: { context: appTransferContextType },
        result: amuletResult,
        body: (tx, self, { context }) => {
          terminate(tx, self.payload);
          const amulet = unlockAmulet(tx, self.payload.lockedAmulet);
          const actor = self.payload.provider;
          return {
            amulet: amuletSummaryOf(tx, amulet, {
              openMiningRound: context.openMiningRound,
              actor,
            }),
          };
        },
      }),
      AcceptedAppPayment_Expire: choice({
        controllers: (payment) => [payment.sender],
        argument: { context: appTransferContextType },
        result: amuletResult,
        body: (tx, self, { context }) => {
          terminate(tx, self.payload);
          const amulet = expireLockAsOwner(tx, self.payload.lockedAmulet);
          const actor = self.payload.sender;
          return {
            amulet: amuletSummaryOf(tx, amulet, {
              openMiningRound: context.openMiningRound,
              actor,
            }),
          };
        },
      }),
    }),
  }),
  {},
);

type PaymentParties = {
  readonly sender: string;
  readonly provider: string;
  readonly reference: string;
  readonly amuletReceiverAmounts: readonly { readonly receiver: string }[];
};

function terminate(tx: TransactionContext, payment: PaymentParties): string {
  return tx.create(paymentsReferences.terminatedAppPayment, {
    sender: payment.sender,
    provider: payment.provider,
    receivers: payment.amuletReceiverAmounts.map((entry) => entry.receiver),
    reference: payment.reference,
  });
}
