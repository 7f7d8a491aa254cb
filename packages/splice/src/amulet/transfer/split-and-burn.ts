import type { Numeric, TransactionContext } from '@pocketnet/ledger';
import { valueAsOfRound0 } from '../../economy/expiring-amount.ts';
import type { Metadata } from '../../token-standard/metadata-v1.ts';
import { holdingTxMeta, mergeMeta, metaKeys } from '../support/meta.ts';
import { decimal, expiringAmountOf, numeric } from '../support/values.ts';
import { amulet } from '../templates/amulet.ts';
import { validatorRewardCoupon } from '../templates/reward-coupons.ts';
import type { BalanceChange, TransferInput, TransferResult } from '../types/transfer-types.ts';
import { executeTransfer } from './execute-transfer.ts';
import type { TransferContextSummary } from './transfer-context.ts';

function withArchived(
  changes: TransferResult['summary']['balanceChanges'],
  party: string,
  archived: { readonly initial: Numeric; readonly rate: Numeric },
): (readonly [string, BalanceChange])[] {
  const entries = changes.map(([owner, change]): readonly [string, BalanceChange] => {
    if (owner !== party) return [owner, change];
    return [
      owner,
      {
        changeToInitialAmountAsOfRoundZero: decimal(
          numeric(change.changeToInitialAmountAsOfRoundZero) - archived.initial,
        ),
        changeToHoldingFeesRate: decimal(numeric(change.changeToHoldingFeesRate) - archived.rate),
      },
    ];
  });
  return entries;
}

type Burn = {
  readonly payer: string;
  readonly amount: Numeric;
  readonly inputs: readonly TransferInput[];
  readonly usage: string;
};

/** The self-transfer that splits the amount to burn off the payer's inputs. */
function splitOff(tx: TransactionContext, csum: TransferContextSummary, burn: Burn) {
  const { payer } = burn;
  const output = {
    receiver: payer,
    receiverFeeRatio: decimal(0n),
    amount: decimal(burn.amount),
    lock: null,
    meta: { values: { [metaKeys.reason]: `split for ${burn.usage}` } },
  };
  const transfer = {
    sender: payer,
    provider: payer,
    inputs: burn.inputs,
    outputs: [output],
    beneficiaries: null,
  };
  const result = executeTransfer(tx, csum, transfer, { issueAppRewards: false });
  const [created] = result.createdAmulets;
  if (created?.tag !== 'TransferResultAmulet') throw new Error('splitAndBurn created no amulet');
  return { result, amuletCid: created.value };
}

/**
 * Splice's splitAndBurn: the payer splits `amount` off its inputs in a self-transfer, burns
 * it, and gets a ValidatorRewardCoupon over the burn (the activity that earns validator
 * rewards since fees are gone). Used for traffic purchases and preapproval fees.
 */
export function splitAndBurn(
  tx: TransactionContext,
  csum: TransferContextSummary,
  burn: Burn,
): { readonly result: TransferResult; readonly meta: Metadata } {
  const { payer, usage } = burn;
  const split = splitOff(tx, csum, burn);
  const burnt = expiringAmountOf(tx.fetch(amulet, split.amuletCid).amount);
  tx.archive(amulet, split.amuletCid);
  const amount = decimal(burn.amount);
  tx.create(validatorRewardCoupon, {
    dso: csum.dso,
    round: split.result.round,
    user: payer,
    amount,
  });
  const balanceChanges = withArchived(split.result.summary.balanceChanges, payer, {
    initial: valueAsOfRound0(burnt),
    rate: burnt.ratePerRound,
  });
  const burnMeta = holdingTxMeta({ kind: 'burn', reason: usage, burned: burn.amount });
  const meta = mergeMeta(burnMeta, split.result.meta ?? { values: {} });
  const summary = { ...split.result.summary, balanceChanges };
  return { result: { ...split.result, summary, meta: null }, meta };
}
