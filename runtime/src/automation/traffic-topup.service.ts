import { formatNumeric, formatTime, numericOne, parseNumeric, parseTime } from '@pocketnet/ledger';
import { spliceVocabulary, trafficCost } from '@pocketnet/splice';
import { participantMemberId } from '../scan/network/synchronizer-members.ts';
import { amuletRulesTemplate, roundTemplates } from '../vocabulary/splice-templates.ts';
import type { AmuletOperation } from '../vocabulary/splice-types.ts';
import { createOf, payloadOf } from '../vocabulary/typed-commands.ts';
import type { AutomationContext } from './automation-context.ts';
import { type AutomationOutcome, commandIdOf, effectOnce, noop } from './automation-outcome.ts';
import { effectiveAmountOf } from './automation-values.ts';

const topUpStateTemplate =
  spliceVocabulary.spliceWallet['Splice.Wallet.TopUpState'].ValidatorTopUpState;

import type { TrafficMeter } from './traffic-meter.ts';

export type TopupPolicy = {
  /** Bytes per second the validator wants to be able to send. */
  readonly targetThroughput: bigint;
  readonly minTopupIntervalMicros: bigint;
};

/** Headroom on the cost: the tap covers the price of the traffic and the fees twice over. */
const tapMargin = 2n;

/**
 * Traffic top-up (Splice's validator top-up): when the extra traffic left falls below what
 * `targetThroughput` needs over `minTopupInterval`, the operator's wallet buys that much
 * (CO_BuyMemberTraffic, rate-limited by its ValidatorTopUpState); on a devnet it taps the coin
 * first (CO_Tap, in the same batch) when the wallet cannot pay.
 */
export function createTrafficTopup(context: AutomationContext, meter: TrafficMeter) {
  const { wallet, core } = context;
  const memberId = participantMemberId(core.identity.participantId);
  const fees = () => {
    const rules = payloadOf(amuletRulesTemplate, wallet.network.amuletRules().createArgument);
    return rules.configSchedule.initialValue.decentralizedSynchronizer.fees;
  };
  const topupAmount = (policy: TopupPolicy) => {
    const wanted =
      (policy.targetThroughput * policy.minTopupIntervalMicros + 999_999n) / 1_000_000n;
    const minimum = BigInt(fees().minTopupAmount);
    return wanted > minimum ? wanted : minimum;
  };
  const topupState = () =>
    wallet.contracts
      .of(context.operator(), 'topUpState')
      .find(
        (state) => payloadOf(topUpStateTemplate, state.node.createArgument).memberId === memberId,
      );
  const nextAllowed = (policy: TopupPolicy): bigint => {
    const state = topupState();
    const last = state
      ? parseTime(payloadOf(topUpStateTemplate, state.node.createArgument).lastPurchasedAt)
      : null;
    return last === null ? 0n : last + policy.minTopupIntervalMicros;
  };
  const costOf = (bytes: bigint) => {
    const round = payloadOf(
      roundTemplates.OpenMiningRound,
      wallet.network.openRound().createArgument,
    );
    const price = round.trafficPrice || fees().extraTrafficPrice;
    const amuletPrice = parseNumeric(round.amuletPrice);
    return trafficCost({
      bytes,
      extraTrafficPriceUsdPerMegabyte: parseNumeric(price),
      amuletPrice,
    });
  };
  const balance = () => {
    const round = context.roundOf(wallet.network.openRound());
    return wallet.contracts
      .of(context.operator(), 'amulet')
      .reduce((sum, amulet) => sum + effectiveAmountOf(amulet, round), 0n);
  };
  const isLow = (policy: TopupPolicy) => meter.status().remaining < topupAmount(policy);
  /** The ValidatorTopUpState that rate-limits purchases; created (as never used) when missing. */
  const ensureTopupState = async (policy: TopupPolicy, jobId: string): Promise<string> => {
    const existing = topupState();
    if (existing) return existing.node.contractId;
    await effectOnce(
      () =>
        wallet.submit({
          actAs: [context.operator()],
          commands: [
            createOf(topUpStateTemplate, {
              dso: context.dso(),
              validator: context.operator(),
              memberId,
              synchronizerId: core.identity.synchronizerId,
              migrationId: '0',
              lastPurchasedAt: formatTime(context.now() - policy.minTopupIntervalMicros),
            }),
          ],
          deduplicationKey: commandIdOf(jobId, 'state'),
        }),
      'created the top-up state',
    );
    const created = topupState();
    if (!created) throw new Error('the ValidatorTopUpState was not created');
    return created.node.contractId;
  };
  return {
    status: () => meter.status(),
    /** When the next top-up falls due: now (or when the interval allows) while traffic is low. */
    dueMicros(policy: TopupPolicy): bigint | null {
      if (!context.hasNetwork() || !isLow(policy)) return null;
      const allowed = nextAllowed(policy);
      return allowed > context.now() ? allowed : context.now();
    },
    async topUp(policy: TopupPolicy, jobId: string): Promise<AutomationOutcome> {
      if (!isLow(policy)) return noop('the extra traffic left covers the target throughput');
      if (nextAllowed(policy) > context.now()) return noop('the last top-up was too recent');
      const topupStateCid = await ensureTopupState(policy, jobId);
      const bytes = topupAmount(policy);
      const cost = costOf(bytes).amulet;
      const short = cost * tapMargin + numericOne - balance();
      const tap: AmuletOperation[] =
        short > 0n && context.core.devnetParties() !== null
          ? [{ tag: 'CO_Tap', value: { tapAmount: formatNumeric(short) } }]
          : [];
      const buy: AmuletOperation = {
        tag: 'CO_BuyMemberTraffic',
        value: {
          trafficAmount: bytes.toString(),
          memberId,
          synchronizerId: core.identity.synchronizerId,
          migrationId: '0',
          minTopupInterval: { microseconds: policy.minTopupIntervalMicros.toString() },
          topupStateCid,
        },
      };
      return effectOnce(
        () =>
          wallet.actions.executeBatch(context.walletOf(context.operator()), [...tap, buy], {
            deduplicationKey: commandIdOf(jobId),
          }),
        `bought ${bytes} bytes of traffic for ${formatNumeric(cost)} amulet${tap.length > 0 ? ' (tapped first)' : ''}`,
      );
    },
  };
}
