import type { TransactionContext } from '@pocketnet/ledger';
import { metaKeys } from '../amulet/support/meta.ts';
import type { ExtraArgs } from '../token-standard/metadata-v1.ts';
import type {
  TransferInstructionResult,
  TransferSpecification,
} from '../token-standard/transfer-instruction-types.ts';
import {
  createdHoldingCids,
  executeExternalPartyTransfer,
  holdingsToTransferInputs,
} from './amulet-calls.ts';
import {
  externalPartyTransferContextFromChoiceContext,
  paymentContextFromChoiceContext,
} from './amulet-reads.ts';
import {
  amuletTransferInstruction,
  standardTransferToTwoStep,
} from './amulet-transfer-instruction.ts';
import { choiceContextKeys, lookupContextContractId } from './choice-context.ts';
import {
  requireAmuletInstrument,
  requireExpectedAdmin,
  requireInputs,
  requirePositiveAmount,
  requireRequestWindow,
} from './factory-checks.ts';
import { transferPreapproval } from './transfer-preapproval.ts';
import { prepareTwoStepTransfer } from './two-step-transfer.ts';

// TransferFactory_Transfer of ExternalPartyAmuletRules: a self transfer, a direct transfer
// through the receiver's preapproval, or an offer whose amount is locked until executeBefore.

type FactoryTransfer = {
  readonly expectedAdmin: string;
  readonly transfer: TransferSpecification;
  readonly extraArgs: ExtraArgs;
};

type Step = {
  readonly dso: string;
  readonly transfer: TransferSpecification;
  readonly extraArgs: ExtraArgs;
};

function validate(tx: TransactionContext, dso: string, transfer: TransferSpecification): void {
  requireAmuletInstrument(tx, dso, transfer.instrumentId);
  requirePositiveAmount(tx, transfer.amount);
  requireRequestWindow(tx, {
    requestedAtName: 'Transfer.requestedAt',
    requestedAt: transfer.requestedAt,
    deadlineName: 'Transfer.executeBefore',
    deadline: transfer.executeBefore,
  });
  requireInputs(tx, transfer.inputHoldingCids);
}

function completed(
  receiverHoldingCids: string[],
  senderChangeCids: string[],
  meta: TransferInstructionResult['meta'],
): TransferInstructionResult {
  return {
    output: { tag: 'TransferInstructionResult_Completed', value: { receiverHoldingCids } },
    senderChangeCids,
    meta,
  };
}

function selfTransfer(
  tx: TransactionContext,
  { dso, transfer, extraArgs }: Step,
): TransferInstructionResult {
  const context = paymentContextFromChoiceContext(tx, {
    context: extraArgs.context,
    featured: false,
  });
  const { sender } = transfer;
  const inputs = holdingsToTransferInputs(tx, { dso, owner: sender }, transfer.inputHoldingCids);
  const result = executeExternalPartyTransfer(tx, dso, context, {
    sender,
    provider: sender,
    inputs,
    outputs: [{ receiver: sender, amount: transfer.amount, lock: null }],
  });
  const change = result.senderChangeAmulet === null ? [] : [result.senderChangeAmulet];
  return completed(createdHoldingCids(result), change, result.meta ?? { values: {} });
}

/**
 * Through the receiver's preapproval, as Splice's ExternalPartyAmuletRules does it:
 * TransferPreapproval_SendV2 priced from the ExternalPartyConfigState rather than an open round,
 * so the sender's signed transaction stays valid about a day. The preapproval's provider is the
 * app provider; when featured it gets an activity marker, which the DSO turns into its reward.
 */
function directTransfer(
  tx: TransactionContext,
  step: Step,
  preapprovalCid: string,
): TransferInstructionResult {
  const { dso, transfer, extraArgs } = step;
  const context = externalPartyTransferContextFromChoiceContext(tx, extraArgs.context);
  const inputs = holdingsToTransferInputs(
    tx,
    { dso, owner: transfer.sender },
    transfer.inputHoldingCids,
  );
  const sent = tx.exercise(transferPreapproval, preapprovalCid, 'TransferPreapproval_SendV2', {
    context,
    inputs,
    amount: transfer.amount,
    sender: transfer.sender,
    // splice-amulet 0.1.20 (Splice 0.6.11) passes the transfer's reason as the description;
    // its SendV2 takes no metadata (a later Splice adds `meta`).
    description: transfer.meta.values[metaKeys.reason] ?? null,
  });
  const change = sent.result.senderChangeAmulet === null ? [] : [sent.result.senderChangeAmulet];
  return completed(createdHoldingCids(sent.result), change, sent.meta);
}

function offer(tx: TransactionContext, { transfer, extraArgs }: Step): TransferInstructionResult {
  const context = paymentContextFromChoiceContext(tx, {
    context: extraArgs.context,
    featured: false,
  });
  const prepared = prepareTwoStepTransfer(tx, standardTransferToTwoStep(transfer), {
    requestedAt: transfer.requestedAt,
    inputHoldingCids: transfer.inputHoldingCids,
    context,
  });
  const transferInstructionCid = tx.create(amuletTransferInstruction, {
    lockedAmulet: prepared.lockedAmulet,
    // The instruction reports the locked holding that now backs the transfer.
    transfer: { ...transfer, inputHoldingCids: [prepared.lockedAmulet] },
  });
  return {
    output: { tag: 'TransferInstructionResult_Pending', value: { transferInstructionCid } },
    senderChangeCids: prepared.senderChangeCids,
    meta: prepared.meta,
  };
}

export function amuletFactoryTransfer(
  tx: TransactionContext,
  dso: string,
  argument: FactoryTransfer,
): TransferInstructionResult {
  requireExpectedAdmin(tx, argument.expectedAdmin, dso);
  const { transfer, extraArgs } = argument;
  const step = { dso, transfer, extraArgs };
  const preapprovalCid = lookupContextContractId(
    tx,
    extraArgs.context,
    choiceContextKeys.transferPreapproval,
  );
  if (preapprovalCid !== null) {
    const preapproval = tx.fetch(transferPreapproval, preapprovalCid);
    if (preapproval.dso !== dso || preapproval.receiver !== transfer.receiver) {
      tx.fail(`TransferPreapproval ${preapprovalCid} is not the receiver's preapproval`);
    }
  }
  validate(tx, dso, transfer);
  if (preapprovalCid !== null) return directTransfer(tx, step, preapprovalCid);
  if (transfer.receiver === transfer.sender) return selfTransfer(tx, step);
  return offer(tx, step);
}
