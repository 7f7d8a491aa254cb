import { defaultRenewalPolicy } from '@pocketnet/runtime';
import type { AutomationConfig } from './config/automation-config.schema.ts';
import type { ProcessorDeps } from './processors/processor-deps.ts';

/** The policies the processors apply, from the validated configuration. */
export function policiesOf(config: AutomationConfig): ProcessorDeps['policies'] {
  const { topup, walletSweep, amuletMerge, transferPreapproval } = config;
  return {
    topup: topup
      ? {
          targetThroughput: topup.targetThroughput,
          minTopupIntervalMicros: topup.minTopupInterval,
        }
      : null,
    sweepOf(sender) {
      const sweep = walletSweep[sender];
      if (sweep === undefined) return null;
      return {
        sender,
        receiver: sweep.receiver,
        maxBalanceUsd: sweep.maxBalanceUSD,
        minBalanceUsd: sweep.minBalanceUSD,
        useTransferPreapproval: sweep.useTransferPreapproval,
      };
    },
    smallAmulets: { belowAmount: amuletMerge.belowAmount, minCount: amuletMerge.minCount },
    renewal: transferPreapproval
      ? {
          renewBeforeMicros: transferPreapproval.renewBefore,
          lifetimeMicros: transferPreapproval.lifetime,
        }
      : defaultRenewalPolicy,
  };
}

/** Receiver → the senders whose offers it accepts. */
export function autoAcceptOf(config: AutomationConfig): ReadonlyMap<string, ReadonlySet<string>> {
  return new Map(
    Object.entries(config.autoAcceptTransfers).map(([receiver, { fromParties }]) => [
      receiver,
      new Set(fromParties),
    ]),
  );
}
