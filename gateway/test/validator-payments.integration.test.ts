import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitTree } from './ledger-fixtures.ts';
import { advance, startApp, tapFor } from './validator-apps-fixtures.ts';
import {
  ok,
  onboard,
  refused,
  startValidatorNode,
  type ValidatorNode,
} from './validator-fixtures.ts';

// App payments and subscriptions from the paying user's side: an app asks Alice to pay, she
// accepts (the amount is locked for the app) or rejects; an app's subscription is accepted
// with its first payment, the wallet pays each next period on its own as time passes, and
// Alice cancels it. Bob can neither see nor answer Alice's requests.

const payments = '#splice-wallet-payments:Splice.Wallet.Payment';
const subscriptions = '#splice-wallet-payments:Splice.Wallet.Subscriptions';
const hourMicros = 3_600_000_000;

type Contract = { contract_id: string; payload: Record<string, unknown> };
type WithState = { contract: Contract; domain_id: string };
const roundOf = (contract: Contract | undefined) =>
  String((contract?.payload.round as { number?: string } | undefined)?.number);

type SubscriptionItem = { subscription: Contract; state: { idle?: Contract; payment?: Contract } };

describe('app payments and subscriptions through the wallet API', () => {
  let net: ValidatorNode;
  let alice: string;
  let app: Awaited<ReturnType<typeof startApp>>;

  const now = async () =>
    ((await (await net.node.call('/api/devnet/v0/time')).json()) as { now: string }).now;
  const later = async (micros: number) =>
    new Date(Date.parse(await now()) + micros / 1000).toISOString();
  const unlocked = async (user: string) =>
    Number(
      (await ok<{ effective_unlocked_qty: string }>(net, '/v0/wallet/balance', { user }))
        .effective_unlocked_qty,
    );
  const paymentRequest = async (description: string) =>
    app.create(
      `${payments}:AppPaymentRequest`,
      {
        sender: alice,
        receiverAmounts: [{ receiver: app.receiver, amount: { amount: '0.5', unit: 'USDUnit' } }],
        provider: app.provider,
        dso: net.dso,
        expiresAt: await later(hourMicros),
        description,
      },
      [alice, app.receiver, app.provider],
    );
  const subscriptionRequest = () =>
    app.create(
      `${subscriptions}:SubscriptionRequest`,
      {
        subscriptionData: {
          sender: alice,
          receiver: app.receiver,
          provider: app.provider,
          dso: net.dso,
          description: 'the daily news',
        },
        payData: {
          paymentAmount: { amount: '1.0', unit: 'USDUnit' },
          paymentInterval: { microseconds: String(hourMicros) },
          paymentDuration: { microseconds: String(hourMicros / 2) },
        },
      },
      [alice, app.receiver, app.provider],
    );
  /** The app collects a (first or next) payment in the round it was locked in. */
  const collect = async (template: string, paymentCid: string, round: string) => {
    const rules = await ok<{ amulet_rules: WithState }>(net, '/v0/scan-proxy/amulet-rules', {
      user: 'alice',
    });
    const rounds = await ok<{ open_mining_rounds: WithState[] }>(
      net,
      '/v0/scan-proxy/open-and-issuing-mining-rounds',
      { user: 'alice' },
    );
    const open = rounds.open_mining_rounds.find(
      (found) => (found.contract.payload.round as { number: string }).number === round,
    );
    const transferContext = {
      amuletRules: rules.amulet_rules.contract.contract_id,
      openMiningRound: open?.contract.contract_id,
      featuredAppRight: null,
    };
    const choice = template.endsWith('InitialPayment')
      ? 'SubscriptionInitialPayment_Collect'
      : 'SubscriptionPayment_Collect';
    await submitTree(net.node, app.user, {
      commands: [
        {
          ExerciseCommand: {
            templateId: `${subscriptions}:${template}`,
            contractId: paymentCid,
            choice,
            choiceArgument: { transferContext },
          },
        },
      ],
      commandId: `collect-${paymentCid.slice(0, 12)}`,
      actAs: [alice, app.receiver, app.provider],
      readAs: [net.dso],
    });
  };
  const subscriptionsOf = async (user: string) =>
    (await ok<{ subscriptions: SubscriptionItem[] }>(net, '/v0/wallet/subscriptions', { user }))
      .subscriptions;

  beforeAll(async () => {
    net = await startValidatorNode();
    alice = await onboard(net, 'alice');
    await onboard(net, 'bob');
    app = await startApp(net, [alice]);
    await tapFor(net, 'alice', '10');
  });
  afterAll(() => net.node.close());

  it('lists, accepts and rejects app payment requests of the user only', async () => {
    const coffee = await paymentRequest('a coffee');
    const tea = await paymentRequest('a tea');
    const listed = await ok<{ payment_requests: WithState[] }>(
      net,
      '/v0/wallet/app-payment-requests',
      { user: 'alice' },
    );
    expect(listed.payment_requests.map((found) => found.contract.contract_id)).toEqual([
      coffee,
      tea,
    ]);
    const one = await ok<WithState>(net, `/v0/wallet/app-payment-requests/${coffee}`, {
      user: 'alice',
    });
    expect(one.contract.payload).toMatchObject({ sender: alice, description: 'a coffee' });
    expect(
      (
        await ok<{ payment_requests: unknown[] }>(net, '/v0/wallet/app-payment-requests', {
          user: 'bob',
        })
      ).payment_requests,
    ).toEqual([]);
    for (const [path, method] of [
      [`/v0/wallet/app-payment-requests/${coffee}`, 'GET'],
      [`/v0/wallet/app-payment-requests/${coffee}/accept`, 'POST'],
      [`/v0/wallet/app-payment-requests/${coffee}/reject`, 'POST'],
    ] as const) {
      await refused(net, path, { user: 'bob', method }, { status: 403 });
    }
    const before = await unlocked('alice');
    const accepted = await ok<{ accepted_payment_contract_id: string }>(
      net,
      `/v0/wallet/app-payment-requests/${coffee}/accept`,
      { user: 'alice', method: 'POST' },
    );
    // 0.5 USD at 0.005 USD per amulet: 100 amulets locked for the app.
    expect(before - (await unlocked('alice'))).toBeCloseTo(100, 6);
    const acceptedList = await ok<{ accepted_app_payments: WithState[] }>(
      net,
      '/v0/wallet/accepted-app-payments',
      { user: 'alice' },
    );
    expect(acceptedList.accepted_app_payments.map((found) => found.contract.contract_id)).toEqual([
      accepted.accepted_payment_contract_id,
    ]);
    expect(acceptedList.accepted_app_payments[0]?.contract.payload).toMatchObject({
      sender: alice,
      provider: app.provider,
      reference: coffee,
    });
    await ok(net, `/v0/wallet/app-payment-requests/${tea}/reject`, {
      user: 'alice',
      method: 'POST',
    });
    expect(
      (
        await ok<{ payment_requests: unknown[] }>(net, '/v0/wallet/app-payment-requests', {
          user: 'alice',
        })
      ).payment_requests,
    ).toEqual([]);
    await refused(
      net,
      `/v0/wallet/app-payment-requests/${tea}`,
      { user: 'alice' },
      { status: 404 },
    );
    await refused(
      net,
      `/v0/wallet/app-payment-requests/${coffee}/accept`,
      { user: 'alice', method: 'POST' },
      { status: 404 },
    );
  });

  it('subscribes with a first payment and pays each next period as time passes', async () => {
    const request = await subscriptionRequest();
    const requests = await ok<{ subscription_requests: Contract[] }>(
      net,
      '/v0/wallet/subscription-requests',
      { user: 'alice' },
    );
    expect(requests.subscription_requests.map((found) => found.contract_id)).toEqual([request]);
    await refused(
      net,
      `/v0/wallet/subscription-requests/${request}/accept`,
      { user: 'bob', method: 'POST' },
      { status: 403 },
    );
    const accepted = await ok<{ initial_payment_contract_id: string }>(
      net,
      `/v0/wallet/subscription-requests/${request}/accept`,
      { user: 'alice', method: 'POST' },
    );
    const initial = await ok<{ initial_payments: Contract[] }>(
      net,
      '/v0/wallet/subscription-initial-payments',
      { user: 'alice' },
    );
    const [payment] = initial.initial_payments;
    expect(payment?.contract_id).toBe(accepted.initial_payment_contract_id);
    const round = roundOf(payment);
    await collect('SubscriptionInitialPayment', accepted.initial_payment_contract_id, round);
    const [running] = await subscriptionsOf('alice');
    const idle = running?.state.idle;
    expect(idle?.payload).toMatchObject({
      subscriptionData: { sender: alice, description: 'the daily news' },
    });
    expect(await subscriptionsOf('bob')).toEqual([]);

    // Half an hour before the next due date, the wallet pays on its own.
    await advance(net, 31 * 60);
    const [paying] = await subscriptionsOf('alice');
    expect(paying?.subscription.contract_id).toBe(running?.subscription.contract_id);
    const next = paying?.state.payment;
    expect(next?.payload.thisPaymentDueAt).toBe(idle?.payload.nextPaymentDueAt);
    await collect('SubscriptionPayment', next?.contract_id ?? '', roundOf(next));
    const [again] = await subscriptionsOf('alice');
    const idleAgain = again?.state.idle;
    expect(
      Date.parse(String(idleAgain?.payload.nextPaymentDueAt)) -
        Date.parse(String(idle?.payload.nextPaymentDueAt)),
    ).toBe(hourMicros / 1000);

    const cancel = `/v0/wallet/subscription-requests/${idleAgain?.contract_id}`;
    await refused(net, cancel, { user: 'bob', method: 'DELETE' }, { status: 403 });
    await ok(net, cancel, { user: 'alice', method: 'DELETE' });
    expect(await subscriptionsOf('alice')).toEqual([]);
  });

  it('rejects a subscription request', async () => {
    const request = await subscriptionRequest();
    await refused(
      net,
      `/v0/wallet/subscription-requests/${request}/reject`,
      { user: 'bob', method: 'POST' },
      { status: 403 },
    );
    await ok(net, `/v0/wallet/subscription-requests/${request}/reject`, {
      user: 'alice',
      method: 'POST',
    });
    const requests = await ok<{ subscription_requests: Contract[] }>(
      net,
      '/v0/wallet/subscription-requests',
      { user: 'alice' },
    );
    expect(requests.subscription_requests).toEqual([]);
    await refused(
      net,
      `/v0/wallet/subscription-requests/${request}`,
      { user: 'alice' },
      { status: 404 },
    );
  });

  it('shows each payment once in the history: the lock takes it, the collection not again', async () => {
    // The app turns the accepted coffee down: the amount locked for it comes back to Alice.
    const { accepted_app_payments: acceptedPayments } = await ok<{
      accepted_app_payments: WithState[];
    }>(net, '/v0/wallet/accepted-app-payments', { user: 'alice' });
    const [coffee] = acceptedPayments;
    const rules = await ok<{ amulet_rules: WithState }>(net, '/v0/scan-proxy/amulet-rules', {
      user: 'alice',
    });
    const rounds = await ok<{ open_mining_rounds: WithState[] }>(
      net,
      '/v0/scan-proxy/open-and-issuing-mining-rounds',
      { user: 'alice' },
    );
    const context = {
      amuletRules: rules.amulet_rules.contract.contract_id,
      openMiningRound: rounds.open_mining_rounds[0]?.contract.contract_id,
      featuredAppRight: null,
    };
    await submitTree(net.node, app.user, {
      commands: [
        {
          ExerciseCommand: {
            templateId: `${payments}:AcceptedAppPayment`,
            contractId: coffee?.contract.contract_id,
            choice: 'AcceptedAppPayment_Reject',
            choiceArgument: { context },
          },
        },
      ],
      commandId: 'reject-coffee',
      actAs: [app.receiver, app.provider],
      readAs: [net.dso],
    });
    type Amount = { party: string; amount: string };
    type Item = { transaction_subtype: { choice: string }; sender?: Amount; receivers: Amount[] };
    const { items } = await ok<{ items: Item[] }>(net, '/v0/wallet/transactions', {
      user: 'alice',
      body: { page_size: 100 },
    });
    const units = (amount: string) => BigInt(amount.replace('.', ''));
    const changes = items.flatMap((item) =>
      [...(item.sender ? [item.sender] : []), ...item.receivers]
        .filter((entry) => entry.party === alice)
        .map((entry) => units(entry.amount)),
    );
    // The collections pay the app from the locked coin: no change for Alice there.
    const collected = items.filter((item) =>
      item.receivers.some((receiver) => receiver.party === app.receiver),
    );
    expect(collected.length).toBeGreaterThanOrEqual(2);
    for (const item of collected) expect(units(item.sender?.amount ?? '')).toBe(0n);
    const [returned] = items.filter(
      (item) => item.transaction_subtype.choice === 'LockedAmulet_UnlockV2',
    );
    expect(returned?.receivers).toEqual([{ party: alice, amount: '100.0000000000' }]);
    const balance = await ok<{ effective_unlocked_qty: string }>(net, '/v0/wallet/balance', {
      user: 'alice',
    });
    expect(changes.reduce((sum, change) => sum + change, 0n)).toBe(
      units(balance.effective_unlocked_qty),
    );
  });
});
