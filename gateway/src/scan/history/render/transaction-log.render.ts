import { formatNumeric, mulNumeric, parseNumeric } from '@pocketnet/ledger';
import type { TransactionLogEntry } from '@pocketnet/runtime';
import { legacyOffset } from './update-item.render.ts';

type Output = {
  readonly receiver: string;
  readonly amount: string;
  readonly receiverFeeRatio: string;
};
type TransferArgument = {
  readonly transfer: { readonly sender: string; readonly outputs: readonly Output[] };
};
type Summary = {
  readonly inputAppRewardAmount: string;
  readonly inputValidatorRewardAmount: string;
  readonly inputSvRewardAmount: string;
  readonly inputAmuletAmount: string;
  readonly inputValidatorFaucetAmount: string | null;
  readonly balanceChanges: readonly (readonly [string, BalanceChange])[];
  readonly holdingFees: string;
  readonly outputFees: readonly string[];
  readonly senderChangeFee: string;
  readonly senderChangeAmount: string;
};
type BalanceChange = {
  readonly changeToInitialAmountAsOfRoundZero: string;
  readonly changeToHoldingFeesRate: string;
};
type TransferResult = { readonly round: { readonly number: string }; readonly summary: Summary };
type MintArgument = { readonly receiver: string; readonly amount: string };
type MintResult = { readonly amuletSum: { readonly round: { readonly number: string } } };

function transferOf(argument: TransferArgument, result: TransferResult) {
  const { sender, outputs } = argument.transfer;
  const { summary } = result;
  const feeOf = (index: number) => parseNumeric(summary.outputFees[index] ?? '0');
  const receiverFees = outputs.map((output, index) =>
    mulNumeric(feeOf(index), parseNumeric(output.receiverFeeRatio)),
  );
  const senderFee = outputs.reduce(
    (total, _output, index) => total + feeOf(index) - (receiverFees[index] ?? 0n),
    0n,
  );
  return {
    sender: {
      party: sender,
      input_amulet_amount: summary.inputAmuletAmount,
      input_app_reward_amount: summary.inputAppRewardAmount,
      input_validator_reward_amount: summary.inputValidatorRewardAmount,
      input_sv_reward_amount: summary.inputSvRewardAmount,
      ...(summary.inputValidatorFaucetAmount === null
        ? {}
        : { input_validator_faucet_amount: summary.inputValidatorFaucetAmount }),
      sender_change_fee: summary.senderChangeFee,
      sender_change_amount: summary.senderChangeAmount,
      sender_fee: formatNumeric(senderFee),
      holding_fees: summary.holdingFees,
    },
    receivers: outputs.map((output, index) => ({
      party: output.receiver,
      amount: output.amount,
      receiver_fee: formatNumeric(receiverFees[index] ?? 0n),
    })),
    balance_changes: summary.balanceChanges.map(([party, change]) => ({
      party,
      change_to_initial_amount_as_of_round_zero: change.changeToInitialAmountAsOfRoundZero,
      change_to_holding_fees_rate: change.changeToHoldingFeesRate,
    })),
  };
}

function detailsOf(entry: TransactionLogEntry) {
  const { node } = entry;
  switch (entry.kind) {
    case 'transfer': {
      const result = node.exerciseResult as TransferResult;
      return {
        round: Number(result.round.number),
        transfer: transferOf(node.choiceArgument as TransferArgument, result),
      };
    }
    case 'mint':
    case 'devnet_tap': {
      const { receiver, amount } = node.choiceArgument as MintArgument;
      const round = Number((node.exerciseResult as MintResult).amuletSum.round.number);
      const amulet = { amulet_owner: receiver, amulet_amount: amount };
      return entry.kind === 'mint' ? { round, mint: amulet } : { round, tap: amulet };
    }
    case 'abort_transfer_instruction':
      return {
        abort_transfer_instruction: {
          abort_kind: node.choice === 'TransferInstruction_Withdraw' ? 'withdraw' : 'reject',
          transfer_instruction_cid: node.contractId,
        },
      };
  }
}

/** A TransactionHistoryResponseItem of `/v0/transactions`. */
export function renderTransactionLogEntry(entry: TransactionLogEntry) {
  return {
    transaction_type: entry.kind,
    event_id: entry.eventId,
    offset: legacyOffset(entry.record.offset),
    date: entry.record.effectiveAt,
    domain_id: entry.record.synchronizerId,
    ...detailsOf(entry),
  };
}
