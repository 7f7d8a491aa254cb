import type { Caller } from '../services/caller.ts';
import { paymentTemplates, walletInstallChoices } from '../vocabulary/splice-templates.ts';
import type { WalletActions } from '../wallet/wallet-batch.ts';
import { type ContractView, contractView } from '../wallet/wallet-views.ts';
import { type AppAccess, partyOf } from './app-access.ts';

const { AcceptedAppPayment, AppPaymentRequest } = paymentTemplates;
const requestSender = partyOf(AppPaymentRequest, (payment) => payment.sender);
const acceptedSender = partyOf(AcceptedAppPayment, (payment) => payment.sender);

const request = (contractId: string) => ({
  contractId,
  kind: 'appPaymentRequest' as const,
  what: 'app payment request',
  party: requestSender,
});

/**
 * App payments (Splice.Wallet.Payment): what apps ask the user to pay, which the user accepts
 * (the amount is locked for the provider and receivers until they collect it) or rejects, and
 * the accepted payments not collected yet. The user is always the request's sender.
 */
export function createAppPayments(deps: {
  readonly appAccess: AppAccess;
  readonly actions: WalletActions;
}) {
  const { appAccess, actions } = deps;
  const service = {
    /** `GET /v0/wallet/app-payment-requests`: requests the caller is asked to pay. */
    list(caller: Caller): ContractView[] {
      return appAccess.listOwned(caller, 'appPaymentRequest', requestSender).map(contractView);
    },
    /** `GET /v0/wallet/app-payment-requests/{cid}`. */
    get(caller: Caller, contractId: string): ContractView {
      return contractView(appAccess.owned(caller, request(contractId)).contract);
    },
    /** Accepts with the caller's amulets (CO_AppPayment); the AcceptedAppPayment's id. */
    async accept(caller: Caller, contractId: string): Promise<string> {
      const { wallet } = appAccess.owned(caller, request(contractId));
      const { outcomes } = await actions.executeBatch(wallet, [
        { tag: 'CO_AppPayment', value: contractId },
      ]);
      return String(outcomes[0]?.value);
    },
    /** Rejects through the wallet install; the app sees a TerminatedAppPayment. */
    async reject(caller: Caller, contractId: string): Promise<void> {
      const { wallet } = appAccess.owned(caller, request(contractId));
      await actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_AppPaymentRequest_Reject,
        {
          cid: contractId,
        },
      );
    },
    /** `GET /v0/wallet/accepted-app-payments`: accepted, not yet collected, the caller paying. */
    listAccepted(caller: Caller): ContractView[] {
      return appAccess.listOwned(caller, 'acceptedAppPayment', acceptedSender).map(contractView);
    },
  };
  return service satisfies AppPayments;
}

export interface AppPayments {
  /** `GET /v0/wallet/app-payment-requests`: requests the caller is asked to pay. */
  list(caller: Caller): ContractView[];
  /** `GET /v0/wallet/app-payment-requests/{cid}`. */
  get(caller: Caller, contractId: string): ContractView;
  /** Accepts with the caller's amulets (CO_AppPayment); the AcceptedAppPayment's id. */
  accept(caller: Caller, contractId: string): Promise<string>;
  /** Rejects through the wallet install; the app sees a TerminatedAppPayment. */
  reject(caller: Caller, contractId: string): Promise<void>;
  /** `GET /v0/wallet/accepted-app-payments`: accepted, not yet collected, the caller paying. */
  listAccepted(caller: Caller): ContractView[];
}
