import type { Caller } from '../services/caller.ts';
import { subscriptionTemplates, walletInstallChoices } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { UserWallet } from '../wallet/wallet-access.ts';
import type { WalletActions } from '../wallet/wallet-batch.ts';
import { type ContractView, contractView } from '../wallet/wallet-views.ts';
import { type AppAccess, partyOf } from './app-access.ts';
import type { AppContract, AppContracts } from './app-contracts.projection.ts';

// Requests, first payments, subscriptions and their states all carry subscriptionData.
const sender = partyOf(
  subscriptionTemplates.SubscriptionRequest,
  (subscription) => subscription.subscriptionData.sender,
);

/** A running subscription and where it is: between payments, or a payment being collected. */
export type SubscriptionView = {
  readonly subscription: ContractView;
  readonly state: { readonly idle: ContractView } | { readonly payment: ContractView };
};

/**
 * Subscriptions (Splice.Wallet.Subscriptions) from the paying user's side: requests to accept
 * (paying the first period) or reject, the first payments not collected yet, the running
 * subscriptions with their state, and cancelling one between payments.
 */
export function createSubscriptions(deps: {
  readonly appAccess: AppAccess;
  readonly contracts: AppContracts;
  readonly actions: WalletActions;
}) {
  const { appAccess, contracts, actions } = deps;
  const owned = (caller: Caller, contractId: string) =>
    appAccess.owned(caller, {
      contractId,
      kind: 'subscriptionRequest',
      what: 'subscription request',
      party: sender,
    });
  const stateOf = (party: string, subscription: AppContract): SubscriptionView['state'] | null => {
    // An idle state and a payment both name their `subscription`.
    const ofThis = (contract: AppContract) =>
      payloadOf(subscriptionTemplates.SubscriptionIdleState, contract.node.createArgument)
        .subscription === subscription.node.contractId;
    const idle = contracts.of(party, 'subscriptionIdleState').find(ofThis);
    if (idle) return { idle: contractView(idle) };
    const payment = contracts.of(party, 'subscriptionPayment').find(ofThis);
    return payment ? { payment: contractView(payment) } : null;
  };

  const service = {
    listRequests(caller: Caller): ContractView[] {
      return appAccess.listOwned(caller, 'subscriptionRequest', sender).map(contractView);
    },
    getRequest(caller: Caller, contractId: string): ContractView {
      return contractView(owned(caller, contractId).contract);
    },
    /** Accepts and pays the first period (locked until the receiver collects); its id. */
    async acceptRequest(caller: Caller, contractId: string): Promise<string> {
      const { wallet } = owned(caller, contractId);
      const { outcomes } = await actions.executeBatch(wallet, [
        { tag: 'CO_SubscriptionAcceptAndMakeInitialPayment', value: contractId },
      ]);
      return String(outcomes[0]?.value);
    },
    async rejectRequest(caller: Caller, contractId: string): Promise<void> {
      const { wallet } = owned(caller, contractId);
      await actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_SubscriptionRequest_Reject,
        {
          cid: contractId,
        },
      );
    },
    listInitialPayments(caller: Caller): ContractView[] {
      return appAccess.listOwned(caller, 'subscriptionInitialPayment', sender).map(contractView);
    },
    list(caller: Caller): SubscriptionView[] {
      const { party } = appAccess.walletOf(caller);
      return appAccess.listOwned(caller, 'subscription', sender).flatMap((subscription) => {
        const state = stateOf(party, subscription);
        return state ? [{ subscription: contractView(subscription), state }] : [];
      });
    },
    /** Cancels a subscription between payments (its idle state's id), as its sender. */
    async cancel(caller: Caller, idleStateId: string): Promise<void> {
      const { wallet } = appAccess.owned(caller, {
        contractId: idleStateId,
        kind: 'subscriptionIdleState',
        what: 'subscription in its idle state',
        party: sender,
      });
      await actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_SubscriptionIdleState_CancelSubscription,
        { cid: idleStateId },
      );
    },
    /** Pays the next period of a subscription (what the wallet's automation does when due). */
    async makePayment(wallet: UserWallet, idleStateId: string): Promise<string> {
      const { outcomes } = await actions.executeBatch(wallet, [
        { tag: 'CO_SubscriptionMakePayment', value: idleStateId },
      ]);
      return String(outcomes[0]?.value);
    },
  };
  return service satisfies Subscriptions;
}

export interface Subscriptions {
  listRequests(caller: Caller): ContractView[];
  getRequest(caller: Caller, contractId: string): ContractView;
  /** Accepts and pays the first period (locked until the receiver collects); its id. */
  acceptRequest(caller: Caller, contractId: string): Promise<string>;
  rejectRequest(caller: Caller, contractId: string): Promise<void>;
  listInitialPayments(caller: Caller): ContractView[];
  list(caller: Caller): SubscriptionView[];
  /** Cancels a subscription between payments (its idle state's id), as its sender. */
  cancel(caller: Caller, idleStateId: string): Promise<void>;
  /** Pays the next period of a subscription (what the wallet's automation does when due). */
  makePayment(wallet: UserWallet, idleStateId: string): Promise<string>;
}
