import type { Package } from '@pocketnet/ledger';
import { definePackage } from '@pocketnet/ledger';
import { acceptedAppPayment } from './accepted-app-payment.ts';
import { appPaymentRequest, terminatedAppPayment } from './app-payment-request.ts';
import { subscriptionIdleState } from './subscription-idle-state.ts';
import { subscriptionInitialPayment } from './subscription-initial-payment.ts';
import { subscriptionPayment } from './subscription-payment.ts';
import {
  subscription,
  subscriptionRequest,
  terminatedSubscription,
} from './subscription-request.ts';

/** `splice-wallet-payments`: app payment requests and subscriptions. */
export const spliceWalletPaymentsPackage: Package = definePackage({
  name: 'splice-wallet-payments',
  version: '0.1.14',
  templates: [
    appPaymentRequest,
    acceptedAppPayment,
    terminatedAppPayment,
    subscription,
    terminatedSubscription,
    subscriptionRequest,
    subscriptionInitialPayment,
    subscriptionIdleState,
    subscriptionPayment,
  ],
});
