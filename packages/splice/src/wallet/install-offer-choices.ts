import type { Value } from '@pocketnet/ledger';
import { defineChoice, t } from '@pocketnet/ledger';
import { paymentAmountType } from '../wallet-payments/payment-types.ts';
import { fieldOf, readAs } from '../wallet-payments/value-readers.ts';
import { trackingInfoResult, transferOfferTrackingInfoType } from './transfer-offer.ts';
import { walletReferences } from './wallet-references.ts';

// WalletAppInstall's transfer-offer choices: the validator acts for its end user on the
// user's legacy transfer offers, sent and received.

export type WalletAppInstallPayload = {
  readonly dsoParty: string;
  readonly validatorParty: string;
  readonly endUserName: string;
  readonly endUserParty: string;
};

export const byValidator = (install: WalletAppInstallPayload) => [install.validatorParty];

const offerCid = t.contractId(walletReferences.transferOffer);
const acceptedCid = t.contractId(walletReferences.acceptedTransferOffer);

function trackingInfoOfResult(result: Value) {
  return readAs(transferOfferTrackingInfoType, fieldOf(result, 'trackingInfo'), 'trackingInfo');
}

export const installOfferChoices = {
  WalletAppInstall_CreateTransferOffer: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: {
      receiver: t.party(),
      amount: paymentAmountType,
      description: t.text(),
      expiresAt: t.time(),
      trackingId: t.text(),
    },
    result: t.record({ transferOffer: offerCid }),
    body: (tx, self, argument) => ({
      transferOffer: tx.create(walletReferences.transferOffer, {
        ...argument,
        sender: self.payload.endUserParty,
        dso: self.payload.dsoParty,
      }),
    }),
  }),
  WalletAppInstall_TransferOffer_Accept: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: offerCid },
    result: t.record({ acceptedTransferOffer: acceptedCid }),
    body: (tx, _self, { cid }) => {
      const result = tx.exercise(walletReferences.transferOffer, cid, 'TransferOffer_Accept', {});
      return { acceptedTransferOffer: String(fieldOf(result, 'acceptedTransferOffer')) };
    },
  }),
  WalletAppInstall_TransferOffer_Reject: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: offerCid },
    result: trackingInfoResult,
    body: (tx, _self, { cid }) => ({
      trackingInfo: trackingInfoOfResult(
        tx.exercise(walletReferences.transferOffer, cid, 'TransferOffer_Reject', {}),
      ),
    }),
  }),
  WalletAppInstall_TransferOffer_Withdraw: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: offerCid, reason: t.text() },
    result: trackingInfoResult,
    body: (tx, _self, { cid, reason }) => ({
      trackingInfo: trackingInfoOfResult(
        tx.exercise(walletReferences.transferOffer, cid, 'TransferOffer_Withdraw', { reason }),
      ),
    }),
  }),
  WalletAppInstall_TransferOffer_Expire: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: offerCid },
    result: trackingInfoResult,
    body: (tx, self, { cid }) => ({
      trackingInfo: trackingInfoOfResult(
        tx.exercise(walletReferences.transferOffer, cid, 'TransferOffer_Expire', {
          actor: self.payload.endUserParty,
        }),
      ),
    }),
  }),
  WalletAppInstall_AcceptedTransferOffer_Abort: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: acceptedCid, reason: t.text() },
    result: trackingInfoResult,
    body: (tx, _self, { cid, reason }) => ({
      trackingInfo: trackingInfoOfResult(
        tx.exercise(walletReferences.acceptedTransferOffer, cid, 'AcceptedTransferOffer_Abort', {
          reason,
        }),
      ),
    }),
  }),
  WalletAppInstall_AcceptedTransferOffer_Withdraw: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: acceptedCid, reason: t.text() },
    result: trackingInfoResult,
    body: (tx, _self, { cid, reason }) => ({
      trackingInfo: trackingInfoOfResult(
        tx.exercise(walletReferences.acceptedTransferOffer, cid, 'AcceptedTransferOffer_Withdraw', {
          reason,
        }),
      ),
    }),
  }),
  WalletAppInstall_AcceptedTransferOffer_Expire: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: acceptedCid },
    result: trackingInfoResult,
    body: (tx, self, { cid }) => ({
      trackingInfo: trackingInfoOfResult(
        tx.exercise(walletReferences.acceptedTransferOffer, cid, 'AcceptedTransferOffer_Expire', {
          actor: self.payload.endUserParty,
        }),
      ),
    }),
  }),
};
