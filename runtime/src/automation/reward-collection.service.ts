import type { CreatedNode, Value } from '@pocketnet/ledger';
import { walletInstallChoices } from '../vocabulary/splice-templates.ts';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';
import { type AutomationContext, keyOfInputs } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, noop } from './automation-outcome.ts';
import { roundNumberAt, textAt } from './automation-values.ts';

/** Splice's `maxNumInputs`: at most 100 inputs per transfer. */
const maxInputs = 100;

export type RewardWork = { readonly party: string; readonly round: string };

type Input = { readonly tag: string; readonly value: string };

/**
 * Reward collection: each wallet party mints what it earned in an issuing round (its app
 * reward coupons and liveness records; the operator also its users' validator reward coupons)
 * as inputs of a merge (CO_MergeTransferInputs), so the rewards become one new holding.
 */
export function createRewardCollection(context: AutomationContext) {
  const { wallet } = context;
  const inRound = (round: bigint) => (contract: WalletContract) =>
    roundNumberAt(contract.node.createArgument, 'round') === round;
  const rightsOf = (validator: string) =>
    wallet.contracts
      .of(validator, 'validatorRight')
      .filter((right) => right.node.createArgument.validator === validator);

  /** The inputs `party` can mint in `round`, with the validator rights they need. */
  const inputsOf = (party: string, round: bigint) => {
    const inputs: Input[] = [];
    const add = (tag: string) => (contract: WalletContract) =>
      inputs.push({ tag, value: contract.node.contractId });
    wallet.contracts
      .of(party, 'appRewardCoupon')
      .filter(inRound(round))
      .filter((coupon) => {
        const payload = coupon.node.createArgument;
        return (textAt(payload, 'beneficiary') || textAt(payload, 'provider')) === party;
      })
      .forEach(add('InputAppRewardCoupon'));
    wallet.contracts
      .of(party, 'livenessActivityRecord')
      .filter((record) => record.node.createArgument.validator === party)
      .filter(inRound(round))
      .forEach(add('InputValidatorLivenessActivityRecord'));
    const rights = party === context.operator() ? rightsOf(party) : [];
    for (const right of rights) {
      const user = String(right.node.createArgument.user);
      wallet.contracts
        .of(user, 'validatorRewardCoupon')
        .filter((coupon) => coupon.node.createArgument.user === user)
        .filter(inRound(round))
        .forEach(add('InputValidatorRewardCoupon'));
    }
    const validatorRights = rights.map((right) => [
      String(right.node.createArgument.user),
      right.node.contractId,
    ]);
    return { inputs, validatorRights };
  };

  const issuingRound = (round: bigint): CreatedNode | undefined =>
    context.issuingRounds().find((issuing) => context.roundOf(issuing) === round);

  return {
    /** Wallet parties with something to mint in a round that is issuing now. */
    pending(): RewardWork[] {
      if (!context.hasNetwork()) return [];
      const rounds = context.issuingRounds().map(context.roundOf);
      return context
        .walletParties()
        .flatMap((party) =>
          rounds
            .filter((round) => inputsOf(party, round).inputs.length > 0)
            .map((round) => ({ party, round: round.toString() })),
        );
    },
    /** Mints `party`'s rewards of `round`, a hundred inputs per transaction. */
    async collect(work: RewardWork, jobId: string): Promise<AutomationOutcome> {
      const round = BigInt(work.round);
      const issuing = issuingRound(round);
      if (!issuing) return noop(`round ${work.round} is not issuing`);
      const { inputs, validatorRights } = inputsOf(work.party, round);
      if (inputs.length === 0) return noop(`nothing of round ${work.round} left to collect`);
      const userWallet = context.walletOf(work.party);
      let last: AutomationOutcome = noop('nothing collected');
      for (let start = 0; start < inputs.length; start += maxInputs) {
        const batch = inputs.slice(start, start + maxInputs);
        const argument = {
          context: collectionContext(context, { issuing, validatorRights }) as unknown as Value,
          inputs: batch,
          operations: [{ tag: 'CO_MergeTransferInputs', value: {} }],
        };
        const key = commandIdOf(jobId, keyOfInputs(batch.map((input) => input.value)));
        last = await effectOnce(
          () =>
            wallet.actions.installChoice(
              userWallet,
              walletInstallChoices.WalletAppInstall_ExecuteBatch,
              argument,
              key,
            ),
          `minted ${batch.length} reward inputs of round ${work.round} for ${work.party}`,
        );
      }
      return last;
    },
  };
}

function collectionContext(
  context: AutomationContext,
  minting: { issuing: CreatedNode; validatorRights: unknown[] },
) {
  const payment = context.wallet.network.paymentContext() as {
    amuletRules: string;
    context: { openMiningRound: string };
  };
  return {
    amuletRules: payment.amuletRules,
    context: {
      openMiningRound: payment.context.openMiningRound,
      issuingMiningRounds: [[minting.issuing.createArgument.round, minting.issuing.contractId]],
      validatorRights: minting.validatorRights,
      featuredAppRight: null,
    },
  };
}
