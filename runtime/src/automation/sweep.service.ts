import { divNumeric, formatNumeric, formatTime, mulNumeric, parseNumeric } from '@pocketnet/ledger';
import {
  roundTemplates,
  transferOfferTemplate,
  transferPreapprovalTemplate,
  walletInstallChoices,
} from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';
import type { AutomationContext } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, noop } from './automation-outcome.ts';
import { effectiveAmountOf } from './automation-values.ts';

// A TransferOffer and an AcceptedTransferOffer carry sender, receiver, amount and trackingId alike.
const offerOf = (offer: WalletContract) =>
  payloadOf(transferOfferTemplate, offer.node.createArgument);
const preapprovalPayload = (preapproval: WalletContract) =>
  payloadOf(transferPreapprovalTemplate, preapproval.node.createArgument);

export type SweepPolicy = {
  readonly sender: string;
  readonly receiver: string;
  /** Numeric 10 USD amounts. */
  readonly maxBalanceUsd: bigint;
  readonly minBalanceUsd: bigint;
  readonly useTransferPreapproval: boolean;
};

const offerLifetimeMicros = 86_400_000_000n;
const sweepTrackingPrefix = 'sweep-';

/**
 * Sweeps: when a sender's balance is worth more than `maxBalanceUSD`, the sender's wallet
 * moves it down to `minBalanceUSD` to the receiver, in one step through the receiver's
 * transfer preapproval, or with a transfer offer (sweeps still on offer count as moved).
 */
export function createSweeps(context: AutomationContext) {
  const { wallet } = context;
  const price = () =>
    parseNumeric(
      payloadOf(roundTemplates.OpenMiningRound, wallet.network.openRound().createArgument)
        .amuletPrice,
    );
  const balanceOf = (party: string) => {
    const round = context.roundOf(wallet.network.openRound());
    return wallet.contracts
      .of(party, 'amulet')
      .reduce((sum, amulet) => sum + effectiveAmountOf(amulet, round), 0n);
  };
  const onOffer = (policy: SweepPolicy) =>
    (['transferOffer', 'acceptedTransferOffer'] as const)
      .flatMap((kind) => wallet.contracts.of(policy.sender, kind))
      .map(offerOf)
      .filter(
        (offer) =>
          offer.sender === policy.sender &&
          offer.receiver === policy.receiver &&
          offer.trackingId.startsWith(sweepTrackingPrefix),
      )
      .reduce((sum, offer) => sum + parseNumeric(offer.amount.amount), 0n);
  /** What the sender should move now (amulet), or 0 while it is within its limit. */
  const excessOf = (policy: SweepPolicy): bigint => {
    const amuletPrice = price();
    const held = balanceOf(policy.sender) - onOffer(policy);
    if (mulNumeric(held, amuletPrice) <= policy.maxBalanceUsd) return 0n;
    return held - divNumeric(policy.minBalanceUsd, amuletPrice);
  };
  const preapprovalOf = (receiver: string) =>
    [
      ...wallet.contracts.of(receiver, 'transferPreapproval'),
      ...wallet.contracts.of(context.dso(), 'transferPreapproval'),
    ].find((preapproval) => preapprovalPayload(preapproval).receiver === receiver);
  return {
    isDue: (policy: SweepPolicy) => context.hasNetwork() && excessOf(policy) > 0n,
    /** What a sweep of `sender` starts from: its holdings, so both triggers name one job. */
    holdingsKey: context.holdingsKey,
    async sweep(policy: SweepPolicy, jobId: string): Promise<AutomationOutcome> {
      const excess = excessOf(policy);
      if (excess <= 0n) return noop(`${policy.sender} is within its limit`);
      const amount = formatNumeric(excess);
      const sender = context.walletOf(policy.sender);
      const preapproval = policy.useTransferPreapproval
        ? preapprovalOf(policy.receiver)
        : undefined;
      if (preapproval) {
        const { provider } = preapprovalPayload(preapproval);
        const send = {
          tag: 'CO_TransferPreapprovalSend',
          value: {
            transferPreapprovalCid: preapproval.node.contractId,
            providerFeaturedAppRightCid: wallet.network.featuredAppRightOf(provider),
            amount,
            description: 'sweep',
          },
        } as const;
        return effectOnce(
          () =>
            wallet.actions.executeBatch(sender, [send], { deduplicationKey: commandIdOf(jobId) }),
          `swept ${amount} to ${policy.receiver} through its preapproval`,
        );
      }
      const offer = {
        receiver: policy.receiver,
        amount: { amount, unit: 'AmuletUnit' },
        description: 'sweep',
        expiresAt: formatTime(context.now() + offerLifetimeMicros),
        trackingId: `${sweepTrackingPrefix}${jobId}`,
      } as const;
      return effectOnce(
        () =>
          wallet.actions.installChoice(
            sender,
            walletInstallChoices.WalletAppInstall_CreateTransferOffer,
            offer,
            commandIdOf(jobId),
          ),
        `offered ${amount} to ${policy.receiver}`,
      );
    },
  };
}
