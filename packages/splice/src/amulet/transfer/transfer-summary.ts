import type { Numeric } from '@pocketnet/ledger';
import { mulNumeric, numericFromInt } from '@pocketnet/ledger';
import { decimal } from '../support/values.ts';
import type { BalanceChange, TransferSummary } from '../types/transfer-types.ts';
import type { TransferContextSummary } from './transfer-context.ts';
import type { InputsSummary } from './transfer-inputs.ts';
import type { PreparedOutput } from './transfer-outputs.ts';

type Change = { initial: Numeric; rate: Numeric };

/** Everything the inputs bring in: amulets plus every kind of minted reward. */
export function totalInput(inputs: InputsSummary): Numeric {
  return (
    inputs.amulet +
    inputs.appReward +
    inputs.validatorReward +
    inputs.unclaimedActivityRecord +
    inputs.validatorFaucet +
    inputs.svReward +
    inputs.developmentFund
  );
}

/**
 * Per-party balance changes normalised to round zero (Splice's summarizeTransfer), so that Scan
 * can track total balances without knowing in which round each amulet was created.
 */
function balanceChanges(
  csum: TransferContextSummary,
  inputs: InputsSummary,
  outputs: readonly PreparedOutput[],
  sender: { readonly party: string; readonly change: Numeric },
): (readonly [string, BalanceChange])[] {
  const adjustment = mulNumeric(numericFromInt(csum.roundNumber), csum.holdingFeeRate);
  const changes = new Map<string, Change>();
  const add = (party: string, initial: Numeric, rate: Numeric) => {
    const current = changes.get(party) ?? { initial: 0n, rate: 0n };
    changes.set(party, { initial: current.initial + initial, rate: current.rate + rate });
  };
  if (sender.change > 0n) {
    const initial = sender.change + adjustment - inputs.archivedAsOfRound0;
    add(sender.party, initial, csum.holdingFeeRate + inputs.changeToHoldingFeesRate);
  } else {
    add(sender.party, -inputs.archivedAsOfRound0, inputs.changeToHoldingFeesRate);
  }
  for (const output of outputs) add(output.owner, output.amount + adjustment, csum.holdingFeeRate);
  return [...changes.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([party, change]) => [
      party,
      {
        changeToInitialAmountAsOfRoundZero: decimal(change.initial),
        changeToHoldingFeesRate: decimal(change.rate),
      },
    ]);
}

/** The TransferSummary of a transfer: no fees are charged (CIP-78/107), all change returns. */
export function summarizeTransfer(
  csum: TransferContextSummary,
  inputs: InputsSummary,
  outputs: readonly PreparedOutput[],
  sender: string,
): TransferSummary {
  const leftOver = totalInput(inputs) - outputs.reduce((sum, output) => sum + output.amount, 0n);
  return {
    inputAppRewardAmount: decimal(inputs.appReward),
    // Faucet amounts count as validator rewards, so that clients unaware of CIP-3 see no
    // amulet created out of thin air.
    inputValidatorRewardAmount: decimal(inputs.validatorReward + inputs.validatorFaucet),
    inputSvRewardAmount: decimal(inputs.svReward),
    inputAmuletAmount: decimal(inputs.amulet),
    balanceChanges: balanceChanges(csum, inputs, outputs, { party: sender, change: leftOver }),
    holdingFees: decimal(0n),
    outputFees: outputs.map(() => decimal(0n)),
    // Never a fee, but a negative left-over is what the insufficient-funds check reads.
    senderChangeFee: decimal(leftOver < 0n ? leftOver : 0n),
    senderChangeAmount: decimal(leftOver),
    amuletPrice: decimal(csum.amuletPrice),
    inputValidatorFaucetAmount: decimal(inputs.validatorFaucet),
    inputUnclaimedActivityRecordAmount: decimal(inputs.unclaimedActivityRecord),
    inputDevelopmentFundAmount: decimal(inputs.developmentFund),
  };
}
