import type { Numeric, TransactionContext } from '@pocketnet/ledger';
import { valueAsOfRound0 } from '../../economy/expiring-amount.ts';
import { requireDso, requireOwner } from '../support/checked-fetch.ts';
import { expiringAmountOf } from '../support/values.ts';
import { amulet } from '../templates/amulet.ts';
import type { TransferInput } from '../types/transfer-types.ts';
import {
  consumeAppReward,
  consumeGrant,
  consumeLivenessRecord,
  consumeSvReward,
  consumeValidatorReward,
} from './reward-inputs.ts';
import type { TransferContextSummary } from './transfer-context.ts';

/** Totals of a transfer's inputs (Splice's TransferInputsSummary), mutated while consuming. */
export type InputsSummary = {
  amulet: Numeric;
  appReward: Numeric;
  validatorReward: Numeric;
  validatorFaucet: Numeric;
  svReward: Numeric;
  unclaimedActivityRecord: Numeric;
  developmentFund: Numeric;
  archivedAsOfRound0: Numeric;
  changeToHoldingFeesRate: Numeric;
};

export type Consumer = {
  readonly tx: TransactionContext;
  readonly csum: TransferContextSummary;
  readonly sender: string;
  readonly sum: InputsSummary;
};

function consumeAmulet({ tx, csum, sender, sum }: Consumer, cid: string): void {
  const coin = tx.fetch(amulet, cid);
  requireDso(tx, coin, csum.dso, cid);
  requireOwner(tx, coin.owner, sender, cid);
  tx.archive(amulet, cid);
  const amount = expiringAmountOf(coin.amount);
  sum.amulet += amount.initialAmount;
  sum.archivedAsOfRound0 += valueAsOfRound0(amount);
  sum.changeToHoldingFeesRate -= amount.ratePerRound;
}

function consumeInput(consumer: Consumer, input: TransferInput): void {
  switch (input.tag) {
    case 'InputAmulet':
      consumeAmulet(consumer, input.value);
      break;
    case 'InputAppRewardCoupon':
      consumeAppReward(consumer, input.value);
      break;
    case 'InputValidatorRewardCoupon':
      consumeValidatorReward(consumer, input.value);
      break;
    case 'InputSvRewardCoupon':
      consumeSvReward(consumer, input.value);
      break;
    case 'InputValidatorLivenessActivityRecord':
      consumeLivenessRecord(consumer, input.value);
      break;
    case 'InputUnclaimedActivityRecord':
      consumeGrant(consumer, input.value, 'activity');
      break;
    case 'InputDevelopmentFundCoupon':
      consumeGrant(consumer, input.value, 'fund');
      break;
    case 'ExtTransferInput':
      // Only the deprecated ValidatorFaucetCoupon travels here; an empty one is a no-op.
      if (input.value.optInputValidatorFaucetCoupon !== null) {
        consumer.tx.fail('ValidatorFaucetCoupon inputs are not supported: use liveness records');
      }
      break;
    case 'InputRewardCouponV2':
      consumer.tx.fail('RewardCouponV2 inputs are not supported: CIP-104 rewards are off');
  }
}

/** Splice's summarizeAndConsumeInputs: archives every input and totals what it is worth. */
export function consumeInputs(
  tx: TransactionContext,
  csum: TransferContextSummary,
  sender: string,
  inputs: readonly TransferInput[],
): InputsSummary {
  const sum: InputsSummary = {
    amulet: 0n,
    appReward: 0n,
    validatorReward: 0n,
    validatorFaucet: 0n,
    svReward: 0n,
    unclaimedActivityRecord: 0n,
    developmentFund: 0n,
    archivedAsOfRound0: 0n,
    changeToHoldingFeesRate: 0n,
  };
  const consumer = { tx, csum, sender, sum };
  for (const input of inputs) consumeInput(consumer, input);
  return sum;
}
