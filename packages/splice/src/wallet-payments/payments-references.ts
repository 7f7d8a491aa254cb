const payment = (entity: string) => `#splice-wallet-payments:Splice.Wallet.Payment:${entity}`;
const subscriptions = (entity: string) =>
  `#splice-wallet-payments:Splice.Wallet.Subscriptions:${entity}`;

/** `#package:Module:Entity` references of the splice-wallet-payments templates. */
export const paymentsReferences = {
  appPaymentRequest: payment('AppPaymentRequest'),
  acceptedAppPayment: payment('AcceptedAppPayment'),
  terminatedAppPayment: payment('TerminatedAppPayment'),
  subscription: subscriptions('Subscription'),
  terminatedSubscription: subscriptions('TerminatedSubscription'),
  subscriptionRequest: subscriptions('SubscriptionRequest'),
  subscriptionInitialPayment: subscriptions('SubscriptionInitialPayment'),
  subscriptionIdleState: subscriptions('SubscriptionIdleState'),
  subscriptionPayment: subscriptions('SubscriptionPayment'),
} as const;

export const paymentModuleId = (entity: string) => ({
  packageName: 'splice-wallet-payments',
  module: 'Splice.Wallet.Payment',
  entity,
});

export const subscriptionsModuleId = (entity: string) => ({
  packageName: 'splice-wallet-payments',
  module: 'Splice.Wallet.Subscriptions',
  entity,
});
