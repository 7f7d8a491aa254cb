import type { Choice, Infer, Value } from '@pocketnet/ledger';
import { defineChoice, t } from '@pocketnet/ledger';
import type { ChoicesNamedAs } from '../vocabulary/named-as-splice.ts';
import type { spliceWallet } from '../vocabulary/splice-vocabulary.generated.ts';
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

const offer = { reference: walletReferences.transferOffer, cid: offerCid };
const accepted = { reference: walletReferences.acceptedTransferOffer, cid: acceptedCid };

/**
 * A choice by which the validator ends one of its user's offers: it exercises the offer's own
 * choice with what that choice takes (nothing, the reason given, or the user as actor) and
 * answers the offer's tracking info.
 */
type ProxyTarget = { reference: string; cid: typeof offerCid | typeof acceptedCid };

function trackedOfferProxy(
  target: ProxyTarget,
  choice: string,
  takes: 'none' | 'reason' | 'actor',
) {
  // Only the choices that pass a reason on take one: their argument is the target's, exactly.
  const argument = takes === 'reason' ? { cid: target.cid, reason: t.text() } : { cid: target.cid };
  return defineChoice({
    controllers: byValidator,
    consuming: false,
    argument,
    result: trackingInfoResult,
    body: (tx, self: { readonly payload: WalletAppInstallPayload }, given) => {
      const { cid } = given;
      const choiceArgument =
        takes === 'reason' && 'reason' in given
          ? { reason: given.reason }
          : takes === 'actor'
            ? { actor: self.payload.endUserParty }
            : {};
      return {
        trackingInfo: trackingInfoOfResult(
          tx.exercise(target.reference, cid, choice, choiceArgument),
        ),
      };
    },
  });
}

type OfferProxy<TArgument> = Choice<
  WalletAppInstallPayload,
  TArgument,
  Infer<typeof trackingInfoResult>
>;

/** A proxy that passes the reason given on: its argument is the offer's id and that reason. */
const proxyWithReason = (target: ProxyTarget, choice: string) =>
  trackedOfferProxy(target, choice, 'reason') as OfferProxy<{
    readonly cid: string;
    readonly reason: string;
  }>;

/** A proxy that takes the offer's id only. */
const proxyOfId = (target: ProxyTarget, choice: string, takes: 'none' | 'actor') =>
  trackedOfferProxy(target, choice, takes) as OfferProxy<{ readonly cid: string }>;

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
  WalletAppInstall_TransferOffer_Reject: proxyOfId(offer, 'TransferOffer_Reject', 'none'),
  WalletAppInstall_TransferOffer_Withdraw: proxyWithReason(offer, 'TransferOffer_Withdraw'),
  WalletAppInstall_TransferOffer_Expire: proxyOfId(offer, 'TransferOffer_Expire', 'actor'),
  WalletAppInstall_AcceptedTransferOffer_Abort: proxyWithReason(
    accepted,
    'AcceptedTransferOffer_Abort',
  ),
  WalletAppInstall_AcceptedTransferOffer_Withdraw: proxyWithReason(
    accepted,
    'AcceptedTransferOffer_Withdraw',
  ),
  WalletAppInstall_AcceptedTransferOffer_Expire: proxyOfId(
    accepted,
    'AcceptedTransferOffer_Expire',
    'actor',
  ),
} satisfies ChoicesNamedAs<(typeof spliceWallet)['Splice.Wallet.Install']['WalletAppInstall']>;
