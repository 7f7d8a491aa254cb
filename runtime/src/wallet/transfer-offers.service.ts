import { DomainError, formatTime, parseNumeric, type TransactionRecord } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import type { Caller } from '../services/caller.ts';
import { transferOfferTemplate, walletInstallChoices } from '../vocabulary/splice-templates.ts';
import { payloadOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from './network-context.ts';
import {
  type TrackingActors,
  type TransferOfferStatus,
  transferOfferStatusOf,
} from './tracking-status.ts';
import type { UserWallet, WalletAccess } from './wallet-access.ts';
import type { WalletActions } from './wallet-batch.ts';
import type { WalletContract, WalletContracts } from './wallet-contracts.projection.ts';
import { rootResult } from './wallet-submitter.ts';
import type { WalletTemplate } from './wallet-templates.ts';
import { firstOutcome } from './wallet-treasury.ts';
import type { ContractView } from './wallet-views.ts';
import { contractView } from './wallet-views.ts';

export type CreateTransferOffer = {
  readonly receiver: string;
  /** Amulet, as a decimal string. */
  readonly amount: string;
  readonly description: string;
  readonly expiresAtMicros: bigint;
  readonly trackingId: string;
};

type ChoiceRef<A, R> = spliceVocabulary.ChoiceRef<A, R>;
type TrackingResult = {
  readonly trackingInfo: spliceVocabulary.splice_wallet.Splice.Wallet.TransferOffer.TransferOfferTrackingInfo;
};

const notFound = (what: string, contractId: string) =>
  new DomainError('CONTRACT_NOT_FOUND', `No active ${what} with contract id ${contractId}`);

/**
 * Legacy transfer offers (Splice.Wallet.TransferOffer), all through the users' WalletAppInstalls:
 * the sender's wallet creates and withdraws, the receiver's accepts or rejects, and the
 * sender's wallet automation completes the accepted offer with the sender's amulet.
 */
export function createTransferOffers(deps: {
  readonly contracts: WalletContracts;
  readonly access: WalletAccess;
  readonly actions: WalletActions;
  readonly network: NetworkContext;
  readonly actors: () => TrackingActors | undefined;
}) {
  const { contracts, access, actions } = deps;

  const activeContract = (kind: WalletTemplate, contractId: string, what: string) => {
    const contract = contracts.get(contractId);
    if (contract?.kind !== kind) throw notFound(what, contractId);
    return contract;
  };
  // A TransferOffer and an AcceptedTransferOffer name sender and receiver alike.
  const partyOf = (contract: WalletContract, field: 'sender' | 'receiver') =>
    payloadOf(transferOfferTemplate, contract.node.createArgument)[field];
  const trackingOf = <A>(choice: ChoiceRef<A, TrackingResult>, record: TransactionRecord) =>
    resultOf(choice, rootResult(record)).trackingInfo.trackingId;

  const actorsOrFail = (): TrackingActors => {
    const actors = deps.actors();
    if (!actors) throw new DomainError('UNAVAILABLE', 'The workflow actors are not running');
    return actors;
  };

  /**
   * Creates an offer from `wallet`; a tracking id used before is refused (409), and so is an
   * offer that has already expired by the node's clock (400): it could only ever expire.
   */
  async function createOffer(caller: Caller, wallet: UserWallet, offer: CreateTransferOffer) {
    if (parseNumeric(offer.amount) <= 0n) {
      throw new DomainError('INVALID_ARGUMENT', 'The amount of a transfer offer must be positive');
    }
    const now = deps.network.now();
    if (offer.expiresAtMicros <= now) {
      throw new DomainError(
        'INVALID_ARGUMENT',
        `The transfer offer's expires_at (${formatTime(offer.expiresAtMicros)}) is not in the future: the node's time is ${formatTime(now)}`,
      );
    }
    if (actorsOrFail().findByTrackingId(caller, 'transfer-offer', offer.trackingId)) {
      throw new DomainError(
        'DUPLICATE_COMMAND',
        `Transfer offer with trackingId ${offer.trackingId} already exists.`,
      );
    }
    const record = await actions.installChoice(
      wallet,
      walletInstallChoices.WalletAppInstall_CreateTransferOffer,
      {
        receiver: offer.receiver,
        amount: { amount: offer.amount, unit: 'AmuletUnit' },
        description: offer.description,
        expiresAt: formatTime(offer.expiresAtMicros),
        trackingId: offer.trackingId,
      },
      `createTransferOffer:${wallet.party}:${offer.receiver}:${offer.trackingId}`,
    );
    return {
      offerContractId: String(
        resultOf(walletInstallChoices.WalletAppInstall_CreateTransferOffer, rootResult(record))
          .transferOffer,
      ),
    };
  }

  const service = {
    createOffer,
    create: (caller: Caller, offer: CreateTransferOffer) =>
      createOffer(caller, access.walletOf(caller), offer),
    /** Open offers the caller sends or receives. */
    list: (caller: Caller) =>
      contracts.of(access.walletOf(caller).party, 'transferOffer').map(contractView),
    /** Accepted offers waiting for the sender's wallet to complete them. */
    listAccepted: (caller: Caller) =>
      contracts.of(access.walletOf(caller).party, 'acceptedTransferOffer').map(contractView),
    async accept(caller: Caller, contractId: string) {
      const wallet = access.walletOf(caller);
      const offer = activeContract('transferOffer', contractId, 'transfer offer');
      access.requireRole(wallet, partyOf(offer, 'receiver'), 'transfer offer');
      const record = await actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_TransferOffer_Accept,
        {
          cid: contractId,
        },
      );
      return {
        acceptedOfferContractId: String(
          resultOf(walletInstallChoices.WalletAppInstall_TransferOffer_Accept, rootResult(record))
            .acceptedTransferOffer,
        ),
      };
    },
    async reject(caller: Caller, contractId: string): Promise<void> {
      const wallet = access.walletOf(caller);
      const offer = activeContract('transferOffer', contractId, 'transfer offer');
      access.requireRole(wallet, partyOf(offer, 'receiver'), 'transfer offer');
      await actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_TransferOffer_Reject,
        {
          cid: contractId,
        },
      );
    },
    async withdraw(caller: Caller, contractId: string): Promise<void> {
      const wallet = access.walletOf(caller);
      const offer = activeContract('transferOffer', contractId, 'transfer offer');
      access.requireRole(wallet, partyOf(offer, 'sender'), 'transfer offer');
      await actions.installChoice(
        wallet,
        walletInstallChoices.WalletAppInstall_TransferOffer_Withdraw,
        {
          cid: contractId,
          reason: 'Withdrawn by sender',
        },
      );
    },
    /**
     * The sender's wallet automation: pays an accepted offer with the sender's amulets
     * (CO_CompleteAcceptedTransfer); its tracking id and the transaction.
     */
    async completeAccepted(acceptedContractId: string) {
      const accepted = activeContract(
        'acceptedTransferOffer',
        acceptedContractId,
        'accepted offer',
      );
      const sender = access.walletOfParty(partyOf(accepted, 'sender'));
      const { record, outcomes } = await actions.executeBatch(sender, [
        { tag: 'CO_CompleteAcceptedTransfer', value: acceptedContractId },
      ]);
      return {
        record,
        trackingId: String(
          firstOutcome(outcomes, 'COO_CompleteAcceptedTransfer')?.value._2.trackingId ?? null,
        ),
      };
    },
    /** The sender's wallet gives up an accepted offer (say, for lack of funds). */
    async abortAccepted(acceptedContractId: string, reason: string) {
      const accepted = activeContract(
        'acceptedTransferOffer',
        acceptedContractId,
        'accepted offer',
      );
      const sender = access.walletOfParty(partyOf(accepted, 'sender'));
      const record = await actions.installChoice(
        sender,
        walletInstallChoices.WalletAppInstall_AcceptedTransferOffer_Abort,
        { cid: acceptedContractId, reason },
      );
      return {
        record,
        trackingId: trackingOf(
          walletInstallChoices.WalletAppInstall_AcceptedTransferOffer_Abort,
          record,
        ),
      };
    },
    /** Expires an offer or accepted offer past its `expiresAt`, through the sender's wallet. */
    async expire(contractId: string) {
      const contract = contracts.get(contractId);
      if (contract?.kind !== 'transferOffer' && contract?.kind !== 'acceptedTransferOffer') {
        throw notFound('transfer offer', contractId);
      }
      const sender = access.walletOfParty(partyOf(contract, 'sender'));
      // The same choice of the install on either contract; each typed by its own.
      const choice =
        contract.kind === 'acceptedTransferOffer'
          ? walletInstallChoices.WalletAppInstall_AcceptedTransferOffer_Expire
          : walletInstallChoices.WalletAppInstall_TransferOffer_Expire;
      const record = await actions.installChoice(sender, choice, { cid: contractId });
      return { record, trackingId: trackingOf(choice, record) };
    },
    /** `POST /v0/wallet/transfer-offers/{tracking_id}/status`, from the offer's actor. */
    status(caller: Caller, trackingId: string): TransferOfferStatus | undefined {
      access.walletOf(caller);
      const detail = actorsOrFail().findByTrackingId(caller, 'transfer-offer', trackingId);
      return detail ? transferOfferStatusOf(detail) : undefined;
    },
  };
  return service satisfies TransferOffers;
}

export interface TransferOffers {
  create: (
    caller: Caller,
    offer: CreateTransferOffer,
  ) => Promise<{
    offerContractId: string;
  }>;
  /** Open offers the caller sends or receives. */
  list: (caller: Caller) => ContractView[];
  /** Accepted offers waiting for the sender's wallet to complete them. */
  listAccepted: (caller: Caller) => ContractView[];
  accept(
    caller: Caller,
    contractId: string,
  ): Promise<{
    acceptedOfferContractId: string;
  }>;
  reject(caller: Caller, contractId: string): Promise<void>;
  withdraw(caller: Caller, contractId: string): Promise<void>;
  /** `POST /v0/wallet/transfer-offers/{tracking_id}/status`, from the offer's actor. */
  status(caller: Caller, trackingId: string): TransferOfferStatus | undefined;
}
