import type { SubscriptionView, WalletAppsService } from '@pocketnet/runtime';
import { Router } from 'express';
import { callerOf } from '../../ledger-api/route-deps.ts';
import { renderContract, renderContractWithState } from '../wallet-render.ts';

const renderSubscription = ({ subscription, state }: SubscriptionView) => ({
  subscription: renderContract(subscription),
  state:
    'idle' in state
      ? { idle: renderContract(state.idle) }
      : { payment: renderContract(state.payment) },
});

/** App payment requests and accepted payments (wallet-internal.yaml), for the token's user. */
export function appPaymentRoutes({
  walletApps,
}: {
  readonly walletApps: WalletAppsService;
}): Router {
  const router = Router();
  const { payments } = walletApps;
  router.get('/v0/wallet/app-payment-requests', (_req, res) => {
    res.json({ payment_requests: payments.list(callerOf(res)).map(renderContractWithState) });
  });
  router.get('/v0/wallet/app-payment-requests/:contractId', (req, res) => {
    res.json(renderContractWithState(payments.get(callerOf(res), req.params.contractId)));
  });
  router.post('/v0/wallet/app-payment-requests/:contractId/accept', async (req, res) => {
    const accepted = await payments.accept(callerOf(res), req.params.contractId);
    res.json({ accepted_payment_contract_id: accepted });
  });
  router.post('/v0/wallet/app-payment-requests/:contractId/reject', async (req, res) => {
    await payments.reject(callerOf(res), req.params.contractId);
    res.status(200).end();
  });
  router.get('/v0/wallet/accepted-app-payments', (_req, res) => {
    const accepted = payments.listAccepted(callerOf(res)).map(renderContractWithState);
    res.json({ accepted_app_payments: accepted });
  });
  return router;
}

/** Subscription requests, first payments and running subscriptions (wallet-internal.yaml). */
export function subscriptionRoutes({
  walletApps,
}: {
  readonly walletApps: WalletAppsService;
}): Router {
  const router = Router();
  const { subscriptions } = walletApps;
  router.get('/v0/wallet/subscription-requests', (_req, res) => {
    const requests = subscriptions.listRequests(callerOf(res)).map(renderContract);
    res.json({ subscription_requests: requests });
  });
  router.get('/v0/wallet/subscription-initial-payments', (_req, res) => {
    const initial = subscriptions.listInitialPayments(callerOf(res)).map(renderContract);
    res.json({ initial_payments: initial });
  });
  router.get('/v0/wallet/subscriptions', (_req, res) => {
    res.json({ subscriptions: subscriptions.list(callerOf(res)).map(renderSubscription) });
  });
  router.post('/v0/wallet/subscription-requests/:contractId/accept', async (req, res) => {
    const initial = await subscriptions.acceptRequest(callerOf(res), req.params.contractId);
    res.json({ initial_payment_contract_id: initial });
  });
  router.post('/v0/wallet/subscription-requests/:contractId/reject', async (req, res) => {
    await subscriptions.rejectRequest(callerOf(res), req.params.contractId);
    res.status(200).end();
  });
  router.get('/v0/wallet/subscription-requests/:contractId', (req, res) => {
    res.json(renderContract(subscriptions.getRequest(callerOf(res), req.params.contractId)));
  });
  // Splice names it after the request, yet it cancels a running subscription between payments.
  router.delete('/v0/wallet/subscription-requests/:contractId', async (req, res) => {
    await subscriptions.cancel(callerOf(res), req.params.contractId);
    res.status(200).end();
  });
  return router;
}
