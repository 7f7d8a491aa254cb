import type { CreatedNode } from '@pocketnet/ledger';
import {
  amuletTemplates,
  livenessActivityRecordTemplate,
  roundTemplates,
  walletInstallChoices,
} from '../vocabulary/splice-templates.ts';
import type { PaymentTransferContext, TransferInput } from '../vocabulary/splice-types.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';
import { type AutomationContext, keyOfInputs } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, noop } from './automation-outcome.ts';

/** Splice's `maxNumInputs`: at most 100 inputs per transfer. */
const maxInputs = 100;

export type RewardWork = { readonly party: string; readonly round: string };

type RewardInputTag =
  | 'InputAppRewardCoupon'
  | 'InputValidatorLivenessActivityRecord'
  | 'InputValidatorRewardCoupon';
type Input = Extract<TransferInput, { readonly tag: RewardInputTag }>;

/**
 * Reward collection: each wallet party mints what it earned in an issuing round (its app
 * reward coupons and liveness records; the operator also its users' validator reward coupons)
 * as inputs of a merge (CO_MergeTransferInputs), so the rewards become one new holding.
 */
export function createRewardCollection(context: AutomationContext) {
  const { wallet } = context;
  // Coupons and liveness records all carry their `round`.
  const inRound = (round: bigint) => (contract: WalletContract) =>
    BigInt(
      payloadOf(amuletTemplates.AppRewardCoupon, contract.node.createArgument).round.number,
    ) === round;
  const rightOf = (right: WalletContract) =>
    payloadOf(amuletTemplates.ValidatorRight, right.node.createArgument);
  const rightsOf = (validator: string) =>
    wallet.contracts
      .of(validator, 'validatorRight')
      .filter((right) => rightOf(right).validator === validator);

  /** The inputs `party` can mint in `round`, with the validator rights they need. */
  const inputsOf = (party: string, round: bigint) => {
    const inputs: Input[] = [];
    const add = (tag: RewardInputTag) => (contract: WalletContract) =>
      inputs.push({ tag, value: contract.node.contractId });
    wallet.contracts
      .of(party, 'appRewardCoupon')
      .filter(inRound(round))
      .filter((coupon) => {
        const payload = payloadOf(amuletTemplates.AppRewardCoupon, coupon.node.createArgument);
        return (payload.beneficiary || payload.provider) === party;
      })
      .forEach(add('InputAppRewardCoupon'));
    wallet.contracts
      .of(party, 'livenessActivityRecord')
      .filter(
        (record) =>
          payloadOf(livenessActivityRecordTemplate, record.node.createArgument).validator === party,
      )
      .filter(inRound(round))
      .forEach(add('InputValidatorLivenessActivityRecord'));
    const rights = party === context.operator() ? rightsOf(party) : [];
    for (const right of rights) {
      const user = rightOf(right).user;
      wallet.contracts
        .of(user, 'validatorRewardCoupon')
        .filter(
          (coupon) =>
            payloadOf(amuletTemplates.ValidatorRewardCoupon, coupon.node.createArgument).user ===
            user,
        )
        .filter(inRound(round))
        .forEach(add('InputValidatorRewardCoupon'));
    }
    const validatorRights = rights.map(
      (right) => [rightOf(right).user, right.node.contractId] as const,
    );
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
          context: collectionContext(context, { issuing, validatorRights }),
          inputs: batch,
          operations: [{ tag: 'CO_MergeTransferInputs', value: {} }],
        } as const;
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
  minting: {
    issuing: CreatedNode;
    validatorRights: PaymentTransferContext['context']['validatorRights'];
  },
): PaymentTransferContext {
  const payment = context.wallet.network.paymentContext();
  const issuingRound = payloadOf(roundTemplates.IssuingMiningRound, minting.issuing.createArgument);
  return {
    amuletRules: payment.amuletRules,
    context: {
      openMiningRound: payment.context.openMiningRound,
      issuingMiningRounds: [[issuingRound.round, minting.issuing.contractId]],
      validatorRights: minting.validatorRights,
      featuredAppRight: null,
    },
  };
}
