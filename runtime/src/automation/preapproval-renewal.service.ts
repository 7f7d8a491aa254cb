import { formatTime, parseTime } from '@pocketnet/ledger';
import { spliceVocabulary } from '@pocketnet/splice';
import { transferPreapprovalTemplate } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';
import type { AutomationContext } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, stale } from './automation-outcome.ts';

const proposalTemplate =
  spliceVocabulary.spliceWallet['Splice.Wallet.TransferPreapproval'].TransferPreapprovalProposal;
const preapprovalOf = (contract: WalletContract) =>
  payloadOf(transferPreapprovalTemplate, contract.node.createArgument);
const proposalOf = (contract: WalletContract) =>
  payloadOf(proposalTemplate, contract.node.createArgument);

export type RenewalPolicy = {
  /** Renew once less than this is left before `expiresAt` (µs). */
  readonly renewBeforeMicros: bigint;
  /** How long a renewal extends it from now (µs). */
  readonly lifetimeMicros: bigint;
};

const dayMicros = 86_400_000_000n;

/** Splice's validator defaults: a 90-day lifetime, renewed when 30 days are left. */
export const defaultRenewalPolicy: RenewalPolicy = {
  renewBeforeMicros: 30n * dayMicros,
  lifetimeMicros: 90n * dayMicros,
};

export type RenewalWork = { readonly contractId: string; readonly dueMicros: bigint };

/**
 * The transfer preapprovals this validator provides: it accepts the proposals that name its
 * operator as provider (Splice's AcceptTransferPreapprovalProposalTrigger: an external party's
 * wallet creates the proposal and waits for the preapproval to appear at the scan proxy), and
 * before one expires, it extends it (CO_RenewTransferPreapproval). The operator's wallet pays
 * the fee both times.
 */
export function createPreapprovalRenewal(context: AutomationContext) {
  const { wallet } = context;
  const provided = () =>
    wallet.contracts
      .of(context.operator(), 'transferPreapproval')
      .filter((preapproval) => preapprovalOf(preapproval).provider === context.operator());
  const proposals = () =>
    wallet.contracts
      .of(context.operator(), 'preapprovalProposal')
      .filter((proposal) => proposalOf(proposal).provider === context.operator());
  return {
    /** Open TransferPreapprovalProposals that name the operator as provider. */
    pendingProposals(): string[] {
      if (!context.hasNetwork()) return [];
      return proposals().map((proposal) => proposal.node.contractId);
    },
    /** Accepts one for the policy's lifetime from now, as Splice's preapprovalLifetime. */
    async acceptProposal(
      proposalCid: string,
      policy: RenewalPolicy,
      jobId: string,
    ): Promise<AutomationOutcome> {
      const proposal = proposals().find((found) => found.node.contractId === proposalCid);
      if (!proposal) return stale(`the preapproval proposal ${proposalCid} is gone`);
      const expiresAt = formatTime(context.now() + policy.lifetimeMicros);
      return effectOnce(
        () =>
          wallet.actions.executeBatch(
            context.walletOf(context.operator()),
            [
              {
                tag: 'CO_AcceptTransferPreapprovalProposal',
                value: { preapprovalProposalCid: proposalCid, expiresAt },
              },
            ],
            { deduplicationKey: commandIdOf(jobId) },
          ),
        `accepted the preapproval proposal of ${proposalOf(proposal).receiver} until ${expiresAt}`,
      );
    },
    /** Each preapproval the operator provides, and when it falls due for renewal. */
    pending(policy: RenewalPolicy): RenewalWork[] {
      if (!context.hasNetwork()) return [];
      return provided().flatMap((preapproval) => {
        const expiresAt = parseTime(preapprovalOf(preapproval).expiresAt);
        if (expiresAt === null) return [];
        return [
          {
            contractId: preapproval.node.contractId,
            dueMicros: expiresAt - policy.renewBeforeMicros,
          },
        ];
      });
    },
    async renew(
      contractId: string,
      policy: RenewalPolicy,
      jobId: string,
    ): Promise<AutomationOutcome> {
      const preapproval = provided().find((found) => found.node.contractId === contractId);
      if (!preapproval) return stale(`the preapproval ${contractId} was renewed or is gone`);
      const expiresAt = parseTime(preapprovalOf(preapproval).expiresAt) ?? 0n;
      const fromNow = context.now() + policy.lifetimeMicros;
      const newExpiresAt = fromNow > expiresAt ? fromNow : expiresAt + policy.lifetimeMicros;
      return effectOnce(
        () =>
          wallet.actions.executeBatch(
            context.walletOf(context.operator()),
            [
              {
                tag: 'CO_RenewTransferPreapproval',
                value: { previousApprovalCid: contractId, newExpiresAt: formatTime(newExpiresAt) },
              },
            ],
            { deduplicationKey: commandIdOf(jobId) },
          ),
        `renewed the preapproval of ${preapprovalOf(preapproval).receiver} to ${formatTime(newExpiresAt)}`,
      );
    },
  };
}
