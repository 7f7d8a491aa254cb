import type { Value } from '@pocketnet/ledger';
import { exercisePaymentTransfer } from '../wallet-payments/amulet-calls.ts';
import type { TransferInput } from '../wallet-payments/amulet-types.ts';
import { amuletReferences } from '../wallet-payments/amulet-types.ts';
import { addRelTime, isBefore, require } from '../wallet-payments/daml-support.ts';
import { fieldOf, optionalTextFieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import type { BuyMemberTrafficOperation } from './amulet-operations.ts';
import type { ExecutionContext, OperationStep } from './execution-context.ts';
import { changeAsInputs } from './execution-context.ts';
import { walletReferences } from './wallet-references.ts';

// The operations that move the end user's own amulet: merges, traffic purchases and the
// transfer preapprovals the validator pays for.

type Inputs = readonly TransferInput[];

const topUpStateReference = '#splice-wallet:Splice.Wallet.TopUpState:ValidatorTopUpState';

/** A self-transfer without outputs: inputs and rewards are merged into one change amulet. */
export function mergeInputs(context: ExecutionContext, inputs: Inputs): OperationStep {
  const { tx, dso, endUser, paymentContext } = context;
  const result = exercisePaymentTransfer(tx, dso, paymentContext, {
    sender: endUser,
    provider: endUser,
    inputs,
    outputs: [],
    beneficiaries: null,
  });
  return {
    outcome: { tag: 'COO_MergeTransferInputs', value: result.senderChangeAmulet },
    inputs: changeAsInputs(result.senderChangeAmulet),
  };
}

/** Rate-limits the validator's own top-up loop through its ValidatorTopUpState. */
function recordTopUp(context: ExecutionContext, operation: BuyMemberTrafficOperation): void {
  const { tx } = context;
  const stateCid = operation.topupStateCid;
  if (stateCid === null) return;
  const state = tx.fetch(topUpStateReference, stateCid);
  require(tx, 'matching DSO party', fieldOf(state, 'dso') === context.dso);
  require(tx, 'validator party and ValidatorTopUpState match', fieldOf(state, 'validator') ===
    context.validator);
  require(tx, 'matching member', fieldOf(state, 'memberId') === operation.memberId);
  const nextAllowed = addRelTime(textFieldOf(state, 'lastPurchasedAt'), operation.minTopupInterval);
  require(tx, 'enough time has elapsed since the last topup', !isBefore(tx.now(), nextAllowed));
  tx.archive(topUpStateReference, stateCid);
  const { dso, validator } = context;
  const { memberId, synchronizerId, migrationId } = operation;
  tx.create(topUpStateReference, {
    dso,
    validator,
    memberId,
    synchronizerId,
    migrationId,
    lastPurchasedAt: tx.now(),
  });
}

export function buyMemberTraffic(
  context: ExecutionContext,
  inputs: Inputs,
  operation: BuyMemberTrafficOperation,
): OperationStep {
  const { tx, paymentContext } = context;
  recordTopUp(context, operation);
  const result = tx.exercise(
    amuletReferences.amuletRules,
    paymentContext.amuletRules,
    'AmuletRules_BuyMemberTraffic',
    {
      inputs,
      context: paymentContext.context,
      provider: context.validator,
      memberId: operation.memberId,
      synchronizerId: operation.synchronizerId,
      migrationId: operation.migrationId,
      trafficAmount: operation.trafficAmount,
      expectedDso: context.dso,
    },
  );
  return {
    outcome: { tag: 'COO_BuyMemberTraffic', value: textFieldOf(result, 'purchasedTraffic') },
    inputs: changeAsInputs(optionalTextFieldOf(result, 'senderChangeAmulet')),
  };
}

function changeOfTransferResult(result: Value): string | null {
  return optionalTextFieldOf(fieldOf(result, 'transferResult'), 'senderChangeAmulet');
}

export function createExternalPartySetupProposal(
  context: ExecutionContext,
  inputs: Inputs,
  operation: { readonly externalParty: string; readonly preapprovalExpiresAt: string },
): OperationStep {
  const { tx, paymentContext } = context;
  require(tx, 'Only a validator can create a proposal to host an external party', context.endUser ===
    context.validator);
  const result = tx.exercise(
    amuletReferences.amuletRules,
    paymentContext.amuletRules,
    'AmuletRules_CreateExternalPartySetupProposal',
    {
      context: paymentContext,
      inputs,
      user: operation.externalParty,
      validator: context.validator,
      preapprovalExpiresAt: operation.preapprovalExpiresAt,
      expectedDso: context.dso,
    },
  );
  const proposal = textFieldOf(result, 'proposalCid');
  return {
    outcome: { tag: 'COO_CreateExternalPartySetupProposal', value: proposal },
    inputs: changeAsInputs(changeOfTransferResult(result)),
  };
}

export function acceptTransferPreapprovalProposal(
  context: ExecutionContext,
  inputs: Inputs,
  operation: { readonly preapprovalProposalCid: string; readonly expiresAt: string },
): OperationStep {
  const { tx } = context;
  require(tx, 'Only a validator can accept a proposal to create a transfer preapproval', context.endUser ===
    context.validator);
  const result = tx.exercise(
    walletReferences.transferPreapprovalProposal,
    operation.preapprovalProposalCid,
    'TransferPreapprovalProposal_Accept',
    {
      context: context.paymentContext,
      inputs,
      expiresAt: operation.expiresAt,
    },
  );
  return {
    outcome: {
      tag: 'COO_AcceptTransferPreapprovalProposal',
      value: textFieldOf(result, 'transferPreapprovalCid'),
    },
    inputs: changeAsInputs(changeOfTransferResult(result)),
  };
}

export function renewTransferPreapproval(
  context: ExecutionContext,
  inputs: Inputs,
  operation: { readonly previousApprovalCid: string; readonly newExpiresAt: string },
): OperationStep {
  const { tx } = context;
  const result = tx.exercise(
    amuletReferences.transferPreapproval,
    operation.previousApprovalCid,
    'TransferPreapproval_Renew',
    {
      context: context.paymentContext,
      inputs,
      newExpiresAt: operation.newExpiresAt,
    },
  );
  return {
    outcome: {
      tag: 'COO_RenewTransferPreapproval',
      value: textFieldOf(result, 'transferPreapprovalCid'),
    },
    inputs: changeAsInputs(changeOfTransferResult(result)),
  };
}

export function sendThroughPreapproval(
  context: ExecutionContext,
  inputs: Inputs,
  operation: {
    readonly transferPreapprovalCid: string;
    readonly providerFeaturedAppRightCid: string | null;
    readonly amount: string;
    readonly description: string | null;
  },
): OperationStep {
  const { tx, paymentContext } = context;
  // The receiver's provider, not the sender's wallet provider, is the app of this transfer.
  const transferContext = {
    ...paymentContext.context,
    featuredAppRight: operation.providerFeaturedAppRightCid,
  };
  const result = tx.exercise(
    amuletReferences.transferPreapproval,
    operation.transferPreapprovalCid,
    'TransferPreapproval_Send',
    {
      context: { ...paymentContext, context: transferContext },
      inputs,
      amount: operation.amount,
      sender: context.endUser,
      description: operation.description,
    },
  );
  const change = optionalTextFieldOf(fieldOf(result, 'result'), 'senderChangeAmulet');
  return {
    outcome: { tag: 'COO_TransferPreapprovalSend', value: change },
    inputs: changeAsInputs(change),
  };
}
