import { parseTime } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import { transferOfferTemplate, walletInstallChoices } from '../vocabulary/splice-templates.ts';
import { type ArgumentFields, payloadOf } from '../vocabulary/typed-commands.ts';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';
import type { AutomationContext } from './automation-context.ts';
import {
  type AutomationOutcome,
  commandIdOf,
  effectOnce,
  noop,
  stale,
} from './automation-outcome.ts';
import { invalidTransferReason, isOutOfFunds } from './invalid-transfer.ts';

type ChoiceRef<A, R> = spliceVocabulary.ChoiceRef<A, R>;

export type OfferKind = 'transferOffer' | 'acceptedTransferOffer';

export type ExpiringOffer = {
  readonly contractId: string;
  readonly kind: OfferKind;
  readonly expiresAtMicros: bigint;
};

/**
 * The legacy transfer offers' automation, through the users' WalletAppInstalls: the receiver
 * accepts offers from senders it trusts, the sender's wallet completes accepted offers with
 * its amulets, and whichever side is hosted here expires offers past their time.
 */
export function createOfferAutomation(context: AutomationContext) {
  const { wallet } = context;
  const offer = (contractId: string, kind: OfferKind): WalletContract | null => {
    const found = wallet.contracts.get(contractId);
    return found?.kind === kind ? found : null;
  };
  // A TransferOffer and an AcceptedTransferOffer name sender, receiver and expiresAt alike.
  const offerOf = (contract: WalletContract) =>
    payloadOf(transferOfferTemplate, contract.node.createArgument);
  const party = (contract: WalletContract, role: 'sender' | 'receiver') => offerOf(contract)[role];
  const isHosted = (candidate: string) => context.walletParties().includes(candidate);
  const byWallet = async <A, R>(
    of: string,
    choice: ChoiceRef<A, R>,
    argument: ArgumentFields<A>,
    key: string,
  ): Promise<unknown> => wallet.actions.installChoice(context.walletOf(of), choice, argument, key);

  return {
    /**
     * The receiver's wallet accepts the offer. The command depends only on the job's data, so
     * a rerun of a job that committed is a duplicate the ledger drops (noop).
     */
    accept: (offer: { offerCid: string; receiver: string }, jobId: string) =>
      effectOnce(
        () =>
          byWallet(
            offer.receiver,
            walletInstallChoices.WalletAppInstall_TransferOffer_Accept,
            { cid: offer.offerCid },
            commandIdOf(jobId),
          ),
        `accepted the offer ${offer.offerCid}`,
      ),
    /**
     * The sender's wallet pays an accepted offer (CO_CompleteAcceptedTransfer). A sender that
     * cannot pay yet is no failure: as in Splice, the completion is tried again when its
     * holdings change (the job's id names them), until the offer expires.
     */
    async complete(
      accepted: { acceptedCid: string; sender: string },
      jobId: string,
    ): Promise<AutomationOutcome> {
      try {
        return await effectOnce(
          () =>
            wallet.actions.executeBatch(
              context.walletOf(accepted.sender),
              [{ tag: 'CO_CompleteAcceptedTransfer', value: accepted.acceptedCid }],
              { deduplicationKey: commandIdOf(jobId) },
            ),
          `completed the accepted offer ${accepted.acceptedCid}`,
        );
      } catch (error) {
        if (!isOutOfFunds(error)) throw error;
        const reason = invalidTransferReason(error) ?? 'out of funds';
        return {
          ...noop(
            `the sender cannot pay the accepted offer ${accepted.acceptedCid} yet: ${reason}; tried again when its holdings change`,
          ),
          awaitingFunds: reason,
        };
      }
    },
    /** What the sender holds, as a key: a completion job per holdings the sender had. */
    holdingsKey: context.holdingsKey,
    /** The accepted offers `sender`'s wallet is to complete. */
    acceptedBy: (sender: string): string[] =>
      wallet.contracts
        .of(sender, 'acceptedTransferOffer')
        .filter((accepted) => party(accepted, 'sender') === sender)
        .map((accepted) => accepted.node.contractId),
    /** Open offers to `receiver`, with their senders. */
    openOffersTo(receiver: string): { contractId: string; sender: string }[] {
      return wallet.contracts
        .of(receiver, 'transferOffer')
        .filter((open) => party(open, 'receiver') === receiver)
        .map((open) => ({ contractId: open.node.contractId, sender: party(open, 'sender') }));
    },
    /** Accepted offers whose sender's wallet is on this validator. */
    acceptedToComplete(): { acceptedCid: string; sender: string }[] {
      const seen = new Map<string, string>();
      for (const sender of context.walletParties()) {
        for (const accepted of wallet.contracts.of(sender, 'acceptedTransferOffer')) {
          if (party(accepted, 'sender') === sender) seen.set(accepted.node.contractId, sender);
        }
      }
      return [...seen].map(([acceptedCid, sender]) => ({ acceptedCid, sender }));
    },
    /** Offers of this validator's users, and when they expire. */
    expiring(): ExpiringOffer[] {
      const seen = new Map<string, ExpiringOffer>();
      for (const user of context.walletParties()) {
        for (const kind of ['transferOffer', 'acceptedTransferOffer'] as const) {
          for (const contract of wallet.contracts.of(user, kind)) {
            const expiresAtMicros = parseTime(offerOf(contract).expiresAt);
            if (expiresAtMicros === null) continue;
            seen.set(contract.node.contractId, {
              contractId: contract.node.contractId,
              kind,
              expiresAtMicros,
            });
          }
        }
      }
      return [...seen.values()];
    },
    /** Expires an offer past its time, through the sender's wallet (or the receiver's). */
    async expire(contractId: string, kind: OfferKind, jobId: string): Promise<AutomationOutcome> {
      const found = offer(contractId, kind);
      if (found === null) return stale(`the offer ${contractId} is gone`);
      const sender = party(found, 'sender');
      const actor = isHosted(sender) ? sender : party(found, 'receiver');
      const choice =
        kind === 'transferOffer'
          ? walletInstallChoices.WalletAppInstall_TransferOffer_Expire
          : walletInstallChoices.WalletAppInstall_AcceptedTransferOffer_Expire;
      return effectOnce(
        () => byWallet(actor, choice, { cid: contractId }, commandIdOf(jobId)),
        `expired the offer ${contractId}`,
      );
    },
  };
}
