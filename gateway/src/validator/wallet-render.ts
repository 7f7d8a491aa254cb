import type {
  AmuletPosition,
  ContractView,
  HistoryEntry,
  TransferInstructionOutcome,
  WalletBalance,
} from '@pocketnet/runtime';

// The wallet's views as the validator app's JSON: snake_case, decimals as strings.

export const renderContract = (view: ContractView) => ({
  template_id: view.templateId,
  contract_id: view.contractId,
  payload: view.payload,
  created_event_blob: view.createdEventBlob,
  created_at: view.createdAt,
});

/** `ContractWithState`: the contract and the synchronizer it is assigned to. */
export const renderContractWithState = (view: ContractView) => ({
  contract: renderContract(view),
  domain_id: view.synchronizerId,
});

export const renderAmuletPosition = (position: AmuletPosition) => ({
  contract: renderContractWithState(position.contract),
  round: Number(position.round),
  accrued_holding_fee: position.accruedHoldingFee,
  effective_amount: position.effectiveAmount,
});

export const renderBalance = (balance: WalletBalance) => ({
  round: Number(balance.round),
  effective_unlocked_qty: balance.effectiveUnlockedQty,
  effective_locked_qty: balance.effectiveLockedQty,
  total_holding_fees: balance.totalHoldingFees,
});

export function renderTransferInstructionOutcome(outcome: TransferInstructionOutcome) {
  const { output } = outcome;
  return {
    output:
      output.kind === 'pending'
        ? { transfer_instruction_cid: output.transferInstructionCid }
        : output.kind === 'completed'
          ? { receiver_holding_cids: [...output.receiverHoldingCids] }
          : {},
    sender_change_cids: [...outcome.senderChangeCids],
    meta: { ...outcome.meta },
  };
}

function renderTransferFields(entry: HistoryEntry) {
  const rewards = entry.rewardsUsed;
  return {
    sender: entry.sender,
    receivers: entry.receivers,
    holding_fees: entry.holdingFees ?? '0.0000000000',
    app_rewards_used: rewards?.app ?? '0.0000000000',
    validator_rewards_used: rewards?.validator ?? '0.0000000000',
    sv_rewards_used: rewards?.sv ?? '0.0000000000',
    development_fund_coupons_used: rewards?.developmentFund ?? '0.0000000000',
    ...(entry.transferInstruction?.receiver === undefined
      ? {}
      : { transfer_instruction_receiver: entry.transferInstruction.receiver }),
    ...(entry.transferInstruction?.amount === undefined
      ? {}
      : { transfer_instruction_amount: entry.transferInstruction.amount }),
  };
}

/** One `ListTransactionsResponseItem`, discriminated by `transaction_type`. */
export function renderHistoryEntry(entry: HistoryEntry) {
  const { subtype } = entry;
  const base = {
    transaction_type: entry.type,
    transaction_subtype: {
      template_id: subtype.templateId,
      choice: subtype.choice,
      ...(subtype.amuletOperation === undefined
        ? {}
        : { amulet_operation: subtype.amuletOperation }),
      ...(subtype.interfaceId === undefined ? {} : { interface_id: subtype.interfaceId }),
    },
    event_id: entry.eventId,
    date: entry.date,
    ...(entry.transferInstruction === undefined
      ? {}
      : { transfer_instruction_cid: entry.transferInstruction.cid }),
    ...(entry.description === undefined ? {} : { description: entry.description }),
  };
  if (entry.type === 'transfer') return { ...base, ...renderTransferFields(entry) };
  if (entry.type === 'balance_change') return { ...base, receivers: entry.receivers };
  return { ...base, details: entry.details ?? '' };
}
