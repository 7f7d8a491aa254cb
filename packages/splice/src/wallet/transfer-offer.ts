import type { TemplateDefinition, Typed } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { isBefore, require } from '../wallet-payments/daml-support.ts';
import { paymentAmountType } from '../wallet-payments/payment-types.ts';
import { walletReferences, walletTemplateId } from './wallet-references.ts';

export type TransferOfferTrackingInfo = {
  readonly trackingId: string;
  readonly sender: string;
  readonly receiver: string;
};

export const transferOfferTrackingInfoType: Typed<TransferOfferTrackingInfo> = t.record(
  { trackingId: t.text(), sender: t.party(), receiver: t.party() },
  'Splice.Wallet.TransferOffer:TransferOfferTrackingInfo',
);

export const trackingInfoResult = t.record({ trackingInfo: transferOfferTrackingInfoType });

export function trackingInfoOf(offer: TransferOfferTrackingInfo): TransferOfferTrackingInfo {
  return { trackingId: offer.trackingId, sender: offer.sender, receiver: offer.receiver };
}

/** Both offer templates allow texts shorter than 280 characters. */
const maxTextLength = 280;

/** Daml's `DA.Text.length` counts code points, not UTF-16 units. */
function textLength(text: string): number {
  return [...text].length;
}

/**
 * Splice.Wallet.TransferOffer:TransferOffer — the legacy (pre token standard) two-step
 * transfer: the receiver accepts, then the sender's wallet automation completes it.
 */
export const transferOffer: TemplateDefinition = tiedToSplice(
  spliceWallet['Splice.Wallet.TransferOffer'].TransferOffer,
  defineTemplate({
    id: walletTemplateId('TransferOffer', 'TransferOffer'),
    fields: {
      sender: t.party(),
      receiver: t.party(),
      dso: t.party(),
      amount: paymentAmountType,
      description: t.text(),
      expiresAt: t.time(),
      trackingId: t.text(),
    },
    signatories: (offer) => [offer.sender],
    observers: (offer) => [offer.receiver],
    ensure: (offer) =>
      (textLength(offer.description) < maxTextLength &&
        textLength(offer.trackingId) < maxTextLength) ||
      'description and trackingId must be shorter than 280 characters',
    choices: (choice) => ({
      TransferOffer_Accept: choice({
        controllers: (offer) => [offer.receiver],
        argument: {},
        result: t.record({
          acceptedTransferOffer: t.contractId(walletReferences.acceptedTransferOffer),
        }),
        body: (tx, self) => {
          const offer = self.payload;
          require(tx, 'Offer has not expired', isBefore(tx.now(), offer.expiresAt));
          const acceptedTransferOffer = tx.create(walletReferences.acceptedTransferOffer, {
            sender: offer.sender,
            receiver: offer.receiver,
            dso: offer.dso,
            amount: offer.amount,
            expiresAt: offer.expiresAt,
            trackingId: offer.trackingId,
          });
          return { acceptedTransferOffer };
        },
      }),
      TransferOffer_Reject: choice({
        controllers: (offer) => [offer.receiver],
        argument: {},
        result: trackingInfoResult,
        body: (_tx, self) => ({ trackingInfo: trackingInfoOf(self.payload) }),
      }),
      TransferOffer_Withdraw: choice({
        controllers: (offer) => [offer.sender],
        argument: { reason: t.text() },
        result: trackingInfoResult,
        body: (_tx, self) => ({ trackingInfo: trackingInfoOf(self.payload) }),
      }),
      TransferOffer_Expire: choice({
        controllers: (_offer, { actor }) => [actor],
        argument: { actor: t.party() },
        result: trackingInfoResult,
        body: (tx, self, { actor }) => {
          require(tx, 'Contract has expired', !isBefore(tx.now(), self.payload.expiresAt));
          const stakeholders = [...self.signatories, ...self.observers];
          require(tx, 'Actor is a stakeholder', stakeholders.includes(actor));
          return { trackingInfo: trackingInfoOf(self.payload) };
        },
      }),
    }),
  }),
  {},
);
