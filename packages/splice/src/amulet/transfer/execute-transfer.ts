import type { TransactionContext } from '@pocketnet/ledger';
import { failWithStatus, spliceErrorIds } from '../support/failures.ts';
import { holdingTxMeta, mergeMeta, metaKeys, rewardInputMeta } from '../support/meta.ts';
import { showDecimal } from '../support/values.ts';
import type { Transfer, TransferResult } from '../types/transfer-types.ts';
import { issueAppRewards } from './app-rewards.ts';
import type { TransferContextSummary } from './transfer-context.ts';
import type { InputsSummary } from './transfer-inputs.ts';
import { consumeInputs } from './transfer-inputs.ts';
import { createOutputs, prepareOutputs } from './transfer-outputs.ts';
import { summarizeTransfer, totalInput } from './transfer-summary.ts';

export type TransferOptions = {
  /** False for self-transfers that burn (splitAndBurn): they earn no app rewards. */
  readonly issueAppRewards: boolean;
};

function checkCounts(
  tx: TransactionContext,
  csum: TransferContextSummary,
  transfer: Transfer,
): void {
  if (transfer.inputs.length > csum.maxNumInputs) {
    failWithStatus(
      tx,
      spliceErrorIds.maximumInputsExceeded,
      'More than the maximum number of inputs',
    );
  }
  if (transfer.outputs.length > csum.maxNumOutputs) {
    failWithStatus(
      tx,
      spliceErrorIds.maximumOutputsExceeded,
      'More than the maximum number of outputs',
    );
  }
}

/** The sender keeps control when every output is theirs, unlocked or locked only by them. */
function isMergeSplit(transfer: Transfer): boolean {
  return transfer.outputs.every(
    (output) =>
      output.receiver === transfer.sender &&
      (output.lock === null || output.lock.holders.every((holder) => holder === transfer.sender)),
  );
}

function transferMeta(transfer: Transfer, inputs: InputsSummary) {
  const kind = isMergeSplit(transfer)
    ? holdingTxMeta({ kind: 'merge-split' })
    : holdingTxMeta({ kind: 'transfer', sender: transfer.sender });
  return mergeMeta(
    kind,
    rewardInputMeta({
      [metaKeys.svRewards]: inputs.svReward,
      [metaKeys.appRewards]: inputs.appReward,
      [metaKeys.validatorRewards]: inputs.validatorReward + inputs.validatorFaucet,
      [metaKeys.unclaimedActivityRecords]: inputs.unclaimedActivityRecord,
      [metaKeys.developmentFund]: inputs.developmentFund,
    }),
  );
}

/**
 * Splice's executeTransfer: consumes the inputs (minting the rewards among them at their
 * issuing round's rates), creates the outputs and the sender's change. No fees are charged.
 */
export function executeTransfer(
  tx: TransactionContext,
  csum: TransferContextSummary,
  transfer: Transfer,
  options: TransferOptions,
): TransferResult {
  checkCounts(tx, csum, transfer);
  const inputs = consumeInputs(tx, csum, transfer.sender, transfer.inputs);
  const outputs = prepareOutputs(tx, csum, transfer.outputs);
  const summary = summarizeTransfer(csum, inputs, outputs, transfer.sender);
  const change = totalInput(inputs) - outputs.reduce((sum, output) => sum + output.amount, 0n);
  if (change < 0n) {
    const missing = showDecimal(-change);
    failWithStatus(
      tx,
      spliceErrorIds.insufficientFunds,
      `Insufficient funds: you are missing ${missing} to complete this transfer.`,
    );
  }
  if (options.issueAppRewards) issueAppRewards(tx, csum, transfer);
  else if (transfer.beneficiaries !== null && transfer.beneficiaries.length > 0) {
    tx.fail('beneficiaries are unset if issueAppRewards is false');
  }
  const created = createOutputs(tx, csum, outputs, { sender: transfer.sender, amount: change });
  return { round: csum.round, summary, ...created, meta: transferMeta(transfer, inputs) };
}
