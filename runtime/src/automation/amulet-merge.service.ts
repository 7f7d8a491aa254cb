import { mergeDelegationTemplates } from '../vocabulary/splice-templates.ts';
import { exerciseOf, payloadOf } from '../vocabulary/typed-commands.ts';
import { type AutomationContext, keyOfInputs } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, noop } from './automation-outcome.ts';
import { effectiveAmountOf } from './automation-values.ts';

const { MergeDelegationProposal } = mergeDelegationTemplates;

export type SmallAmuletPolicy = {
  /** An amulet worth less than this (Numeric 10) is small. */
  readonly belowAmount: bigint;
  /** Merge once a party holds at least this many small amulets. */
  readonly minCount: number;
};

const maxInputs = 100;

/**
 * The wallet's own merging: a wallet party's small amulets become one (CO_MergeTransferInputs),
 * and the operator accepts its users' MergeDelegationProposals, so that their holdings can be
 * merged by delegation too.
 */
export function createAmuletMerges(context: AutomationContext) {
  const { wallet } = context;
  const smallOf = (party: string, policy: SmallAmuletPolicy) => {
    const round = context.roundOf(wallet.network.openRound());
    return wallet.contracts
      .of(party, 'amulet')
      .filter((amulet) => effectiveAmountOf(amulet, round) < policy.belowAmount)
      .slice(0, maxInputs);
  };
  return {
    /** Wallet parties holding at least `minCount` small amulets. */
    pendingSmall(policy: SmallAmuletPolicy): string[] {
      if (!context.hasNetwork()) return [];
      return context
        .walletParties()
        .filter((party) => smallOf(party, policy).length >= policy.minCount);
    },
    async mergeSmall(
      party: string,
      policy: SmallAmuletPolicy,
      jobId: string,
    ): Promise<AutomationOutcome> {
      const small = smallOf(party, policy);
      if (small.length < Math.max(2, policy.minCount))
        return noop(`${party} has few small amulets`);
      const inputs = small.map(
        (amulet) => ({ tag: 'InputAmulet', value: amulet.node.contractId }) as const,
      );
      const key = commandIdOf(jobId, keyOfInputs(inputs.map((input) => input.value)));
      return effectOnce(
        () =>
          wallet.actions.executeBatch(
            context.walletOf(party),
            [{ tag: 'CO_MergeTransferInputs', value: {} }],
            { inputs, deduplicationKey: key },
          ),
        `merged ${inputs.length} small amulets of ${party}`,
      );
    },
    /** Open MergeDelegationProposals to this validator's operator. */
    pendingProposals(): string[] {
      return wallet.contracts
        .of(context.operator(), 'mergeDelegationProposal')
        .filter((proposal) => {
          const { delegation } = payloadOf(MergeDelegationProposal, proposal.node.createArgument);
          return delegation.operator === context.operator();
        })
        .map((proposal) => proposal.node.contractId);
    },
    acceptProposal: (proposalCid: string, jobId: string): Promise<AutomationOutcome> =>
      effectOnce(
        () =>
          context.exerciseAs(
            [context.operator()],
            exerciseOf(
              MergeDelegationProposal,
              proposalCid,
              MergeDelegationProposal.choices.MergeDelegationProposal_Accept,
              {},
            ),
            commandIdOf(jobId),
          ),
        `accepted the merge delegation ${proposalCid}`,
      ),
  };
}
