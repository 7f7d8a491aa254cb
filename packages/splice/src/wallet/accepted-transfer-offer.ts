import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import {
  exercisePaymentTransfer,
  fetchOpenRound,
  paymentAmountToAmulet,
} from '../wallet-payments/amulet-calls.ts';
import { transferResultType } from '../wallet-payments/amulet-results.ts';
import { paymentTransferContextType, transferInputType } from '../wallet-payments/amulet-types.ts';
import { isBefore, require } from '../wallet-payments/daml-support.ts';
import { paymentAmountType } from '../wallet-payments/payment-types.ts';
import {
  trackingInfoOf,
  trackingInfoResult,
  transferOfferTrackingInfoType,
} from './transfer-offer.ts';
import { walletTemplateId } from './wallet-references.ts';

/**
 * Splice.Wallet.TransferOffer:AcceptedTransferOffer — accepted by the receiver, completed by
 * the sender's wallet automation (sender and wallet provider together).
 */
export const acceptedTransferOffer: TemplateDefinition = tiedToSplice(
  spliceWallet['Splice.Wallet.TransferOffer'].AcceptedTransferOffer,
  defineTemplate({
    id: walletTemplateId('TransferOffer', 'AcceptedTransferOffer'),
    fields: {
      sender: t.party(),
      receiver: t.party(),
      dso: t.party(),
      amount: paymentAmountType,
      expiresAt: t.time(),
      trackingId: t.text(),
    },
    signatories: (offer) => [offer.sender, offer.receiver],
    choices: (choice) => ({
      AcceptedTransferOffer_Complete: choice({
        controllers: (offer, { walletProvider }) => [offer.sender, walletProvider],
        argument: {
          inputs: t.list(transferInputType),
          transferContext: paymentTransferContextType,
          walletProvider: t.party(),
        },
        result: t.record({
          transferResult: transferResultType,
          trackingInfo: transferOfferTrackingInfoType,
          senderChangeAmulet: t.optional(t.contractId()),
        }),
        body: (tx, self, { inputs, transferContext, walletProvider }) => {
          const offer = self.payload;
          require(tx, 'Offer has not expired', isBefore(tx.now(), offer.expiresAt));
          const round = fetchOpenRound(tx, transferContext.context.openMiningRound, offer.sender);
          const amount = paymentAmountToAmulet(tx, offer.dso, round, offer.amount);
          // A legacy offer is never featured (the seed): the wallet provider's right is dropped.
          const context = {
            ...transferContext,
            context: { ...transferContext.context, featuredAppRight: null },
          };
          const transferResult = exercisePaymentTransfer(tx, offer.dso, context, {
            sender: offer.sender,
            provider: walletProvider,
            inputs,
            outputs: [{ receiver: offer.receiver, amount, lock: null, receiverFeeRatio: '0.0' }],
            beneficiaries: null,
          });
          return {
            transferResult,
            trackingInfo: trackingInfoOf(offer),
            senderChangeAmulet: transferResult.senderChangeAmulet,
          };
        },
      }),
      AcceptedTransferOffer_Withdraw: choice({
        controllers: (offer) => [offer.receiver],
        argument: { reason: t.text() },
        result: trackingInfoResult,
        body: (_tx, self) => ({ trackingInfo: trackingInfoOf(self.payload) }),
      }),
      AcceptedTransferOffer_Abort: choice({
        controllers: (offer) => [offer.sender],
        argument: { reason: t.text() },
        result: trackingInfoResult,
        body: (_tx, self) => ({ trackingInfo: trackingInfoOf(self.payload) }),
      }),
      AcceptedTransferOffer_Expire: choice({
        controllers: (_offer, { actor }) => [actor],
        argument: { actor: t.party() },
        result: trackingInfoResult,
        body: (tx, self, { actor }) => {
          require(tx, 'Contract has expired', !isBefore(tx.now(), self.payload.expiresAt));
          require(tx, 'Actor is a stakeholder', self.signatories.includes(actor));
          return { trackingInfo: trackingInfoOf(self.payload) };
        },
      }),
    }),
  }),
  {},
);
