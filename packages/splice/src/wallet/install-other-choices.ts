import type { Value } from '@pocketnet/ledger';
import { defineChoice, t } from '@pocketnet/ledger';
import type { ChoicesNamedAs } from '../vocabulary/named-as-splice.ts';
import { soleConstructor } from '../vocabulary/sole-constructor.ts';
import type { spliceWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { amuletReferences } from '../wallet-payments/amulet-types.ts';
import { paymentsReferences } from '../wallet-payments/payments-references.ts';
import { fieldOf, readAs, textFieldOf } from '../wallet-payments/value-readers.ts';
import { buyTrafficRequestTrackingInfoType } from './buy-traffic-request.ts';
import { byValidator } from './install-offer-choices.ts';
import { walletReferences } from './wallet-references.ts';

// WalletAppInstall's other proxy choices: app payments, subscriptions, traffic requests,
// and featured-app rights, all run by the validator.

const terminatedAppPayment = t.record({
  terminatedAppPayment: t.contractId(paymentsReferences.terminatedAppPayment),
});
const terminatedSubscription = t.record({
  terminatedSubscription: t.contractId(paymentsReferences.terminatedSubscription),
});
const trafficTracking = t.record({ trackingInfo: buyTrafficRequestTrackingInfoType });

function trafficTrackingOf(result: Value) {
  return readAs(buyTrafficRequestTrackingInfoType, fieldOf(result, 'trackingInfo'), 'trackingInfo');
}

export const installPaymentChoices = {
  WalletAppInstall_AppPaymentRequest_Reject: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: t.contractId(paymentsReferences.appPaymentRequest) },
    result: terminatedAppPayment,
    body: (tx, _self, { cid }) => {
      const result = tx.exercise(
        paymentsReferences.appPaymentRequest,
        cid,
        'AppPaymentRequest_Reject',
        {},
      );
      return { terminatedAppPayment: textFieldOf(result, 'terminatedAppPayment') };
    },
  }),
  WalletAppInstall_AppPaymentRequest_Expire: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: t.contractId(paymentsReferences.appPaymentRequest) },
    result: terminatedAppPayment,
    body: (tx, self, { cid }) => {
      const result = tx.exercise(
        paymentsReferences.appPaymentRequest,
        cid,
        'AppPaymentRequest_Expire',
        {
          actor: self.payload.endUserParty,
        },
      );
      return { terminatedAppPayment: textFieldOf(result, 'terminatedAppPayment') };
    },
  }),
  WalletAppInstall_SubscriptionRequest_Reject: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: t.contractId(paymentsReferences.subscriptionRequest) },
    result: terminatedSubscription,
    body: (tx, _self, { cid }) => {
      const result = tx.exercise(
        paymentsReferences.subscriptionRequest,
        cid,
        'SubscriptionRequest_Reject',
        {},
      );
      return { terminatedSubscription: textFieldOf(result, 'terminatedSubscription') };
    },
  }),
  WalletAppInstall_SubscriptionIdleState_CancelSubscription: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: t.contractId(paymentsReferences.subscriptionIdleState) },
    result: terminatedSubscription,
    body: (tx, _self, { cid }) => {
      const choice = 'SubscriptionIdleState_CancelSubscription';
      const result = tx.exercise(paymentsReferences.subscriptionIdleState, cid, choice, {});
      return { terminatedSubscription: textFieldOf(result, 'terminatedSubscription') };
    },
  }),
} satisfies ChoicesNamedAs<(typeof spliceWallet)['Splice.Wallet.Install']['WalletAppInstall']>;

export const installTrafficChoices = {
  WalletAppInstall_CreateBuyTrafficRequest: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: {
      memberId: t.text(),
      synchronizerId: t.text(),
      migrationId: t.int64(),
      trafficAmount: t.int64(),
      expiresAt: t.time(),
      trackingId: t.text(),
    },
    result: t.record({ buyTrafficRequest: t.contractId(walletReferences.buyTrafficRequest) }),
    body: (tx, self, argument) => ({
      buyTrafficRequest: tx.create(walletReferences.buyTrafficRequest, {
        ...argument,
        dso: self.payload.dsoParty,
        endUserParty: self.payload.endUserParty,
      }),
    }),
  }),
  WalletAppInstall_BuyTrafficRequest_Cancel: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { requestCid: t.contractId(walletReferences.buyTrafficRequest), reason: t.text() },
    result: trafficTracking,
    body: (tx, _self, { requestCid, reason }) => ({
      trackingInfo: trafficTrackingOf(
        tx.exercise(walletReferences.buyTrafficRequest, requestCid, 'BuyTrafficRequest_Cancel', {
          reason,
        }),
      ),
    }),
  }),
  WalletAppInstall_BuyTrafficRequest_Expire: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { requestCid: t.contractId(walletReferences.buyTrafficRequest) },
    result: trafficTracking,
    body: (tx, _self, { requestCid }) => ({
      trackingInfo: trafficTrackingOf(
        tx.exercise(walletReferences.buyTrafficRequest, requestCid, 'BuyTrafficRequest_Expire', {}),
      ),
    }),
  }),
} satisfies ChoicesNamedAs<(typeof spliceWallet)['Splice.Wallet.Install']['WalletAppInstall']>;

export const installFeaturedAppChoices = {
  WalletAppInstall_FeaturedAppRights_Cancel: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { cid: t.contractId(amuletReferences.featuredAppRight) },
    result: soleConstructor(
      'Splice.Wallet.Install',
      'WalletAppInstall_FeaturedAppRights_CancelResult',
    ),
    body: (tx, _self, { cid }) => {
      tx.exercise(amuletReferences.featuredAppRight, cid, 'FeaturedAppRight_Cancel', {});
      return 'WalletAppInstall_FeaturedAppRights_CancelResult' as const;
    },
  }),
  WalletAppInstall_FeaturedAppRights_SelfGrant: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: { amuletRulesCid: t.contractId(amuletReferences.amuletRules) },
    result: t.record({ featuredAppRight: t.contractId(amuletReferences.featuredAppRight) }),
    body: (tx, self, { amuletRulesCid }) => {
      const result = tx.exercise(
        amuletReferences.amuletRules,
        amuletRulesCid,
        'AmuletRules_DevNet_FeatureApp',
        {
          provider: self.payload.endUserParty,
        },
      );
      return { featuredAppRight: textFieldOf(result, 'featuredAppRightCid') };
    },
  }),
} satisfies ChoicesNamedAs<(typeof spliceWallet)['Splice.Wallet.Install']['WalletAppInstall']>;
