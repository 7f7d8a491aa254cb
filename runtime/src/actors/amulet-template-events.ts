import type { CreatedNode, ExercisedNode } from '@pocketnet/ledger';
import type { ActorRoute, Step } from './ledger-events.ts';
import { actorEvent as event, textAt, textsAt } from './ledger-values.ts';
import { actorIdOf, onboardingPartyKey } from './machine-catalog.ts';
import type { MergeDelegationInput } from './machines/merge-delegation.machine.ts';
import type { MiningRoundInput } from './machines/mining-round.machine.ts';
import type { TransferInstructionInput } from './machines/transfer-instruction.machine.ts';
import type { TransferPreapprovalInput } from './machines/transfer-preapproval.machine.ts';
import type { TemplateEvents } from './splice-template-events.ts';

// The splice-amulet and merge-delegation templates: preapprovals, token-standard transfer
// instructions, mining rounds and merge delegations.

export const transferPreapprovalEvents: TemplateEvents = {
  // Created by a proposal's acceptance or a renewal, it belongs to that actor already.
  created: (node, step) => {
    const payload = node.createArgument;
    const input = (): TransferPreapprovalInput => ({
      ...step,
      contractId: node.contractId,
      receiver: textAt(payload, 'receiver'),
      provider: textAt(payload, 'provider'),
      dso: textAt(payload, 'dso'),
      expiresAt: textAt(payload, 'expiresAt'),
    });
    const key = node.contractId;
    const label = 'preapproval.created';
    return [{ kind: 'spawn', machine: 'transfer-preapproval', key, label, input, contractId: key }];
  },
  choices: {
    TransferPreapproval_Renew: (node, step) => [
      event('preapproval.renewed', step, {
        preapprovalContractId: textAt(node.exerciseResult, 'transferPreapprovalCid'),
        expiresAt: textAt(node.choiceArgument, 'newExpiresAt'),
      }),
    ],
    TransferPreapproval_Cancel: (_node, step) => [event('preapproval.cancelled', step)],
    TransferPreapproval_Expire: (_node, step) => [event('preapproval.expired', step)],
  },
  consumed: (_node, step) => [event('preapproval.cancelled', step)],
};

function instructionCreated(node: CreatedNode, step: Step): ActorRoute[] {
  const payload = node.createArgument;
  const input = (): TransferInstructionInput => ({
    ...step,
    contractId: node.contractId,
    sender: textAt(payload, 'transfer', 'sender'),
    receiver: textAt(payload, 'transfer', 'receiver'),
    admin: textAt(payload, 'transfer', 'instrumentId', 'admin'),
    instrumentId: textAt(payload, 'transfer', 'instrumentId', 'id'),
    amount: textAt(payload, 'transfer', 'amount'),
    requestedAt: textAt(payload, 'transfer', 'requestedAt'),
    executeBefore: textAt(payload, 'transfer', 'executeBefore'),
    lockedAmuletContractId: textAt(payload, 'lockedAmulet'),
  });
  const key = node.contractId;
  const label = 'instruction.pending';
  return [{ kind: 'spawn', machine: 'transfer-instruction', key, label, input, contractId: key }];
}

/** An instruction ended without a transfer: the sender's holdings that came back. */
const returned = (type: string) => (node: ExercisedNode, step: Step) => [
  event(type, step, {
    returnedHoldingContractIds: textsAt(node.exerciseResult, 'senderChangeCids'),
  }),
];

export const transferInstructionEvents: TemplateEvents = {
  created: instructionCreated,
  choices: {
    TransferInstruction_Accept: (node, step) => [
      event('instruction.completed', step, {
        receiverHoldingContractIds: textsAt(
          node.exerciseResult,
          'output',
          'value',
          'receiverHoldingCids',
        ),
      }),
    ],
    TransferInstruction_Reject: returned('instruction.rejected'),
    TransferInstruction_Withdraw: returned('instruction.withdrawn'),
    // The registry's update of an instruction past executeBefore: it expired.
    TransferInstruction_Update: returned('instruction.expired'),
  },
  consumed: returned('instruction.withdrawn'),
};

function openRoundCreated(node: CreatedNode, step: Step): ActorRoute[] {
  const payload = node.createArgument;
  const round = textAt(payload, 'round', 'number');
  const input = (): MiningRoundInput => ({
    ...step,
    contractId: node.contractId,
    round,
    dso: textAt(payload, 'dso'),
    opensAt: textAt(payload, 'opensAt'),
    targetClosesAt: textAt(payload, 'targetClosesAt'),
    amuletPrice: textAt(payload, 'amuletPrice'),
  });
  const label = 'round.opened';
  return [{ kind: 'spawn', machine: 'mining-round', key: round, label, input, contractId: null }];
}

/** A later phase of a round is a new contract with the same round number. */
const roundPhase = (type: string) => ({
  created: (node: CreatedNode, step: Step): ActorRoute[] => [
    {
      kind: 'send',
      target: actorIdOf('mining-round', textAt(node.createArgument, 'round', 'number')),
      event: event(type, step, { contractId: node.contractId }),
    },
  ],
});

export const openMiningRoundEvents: TemplateEvents = { created: openRoundCreated };
export const summarizingMiningRoundEvents: TemplateEvents = roundPhase('round.summarizing');
export const issuingMiningRoundEvents: TemplateEvents = roundPhase('round.issuing');
export const closedMiningRoundEvents: TemplateEvents = {
  ...roundPhase('round.closed'),
  consumed: (node, step) => [event('round.archived', step, { contractId: node.contractId })],
};

const delegationStarted =
  (startsWith: MergeDelegationInput['startsWith']) =>
  (node: CreatedNode, step: Step): ActorRoute[] => {
    const delegation =
      startsWith === 'proposal' ? (node.createArgument.delegation ?? null) : node.createArgument;
    const input = (): MergeDelegationInput => ({
      ...step,
      contractId: node.contractId,
      owner: textAt(delegation, 'owner'),
      operator: textAt(delegation, 'operator'),
      startsWith,
    });
    const key = node.contractId;
    const label = startsWith === 'proposal' ? 'delegation.proposed' : 'delegation.created';
    return [{ kind: 'spawn', machine: 'merge-delegation', key, label, input, contractId: key }];
  };

const ended = (type: string) => (_node: ExercisedNode, step: Step) => [event(type, step)];

export const mergeDelegationProposalEvents: TemplateEvents = {
  // The owner signing its proposal is the last step of its wallet onboarding.
  created: (node, step) => [
    ...delegationStarted('proposal')(node, step),
    {
      kind: 'send',
      target: onboardingPartyKey(textAt(node.createArgument, 'delegation', 'owner')),
      event: event('onboarding.completed', step, {
        completedBy: 'mergeDelegationProposal',
        contractId: node.contractId,
      }),
    },
  ],
  choices: {
    MergeDelegationProposal_Accept: (node, step) => [
      event('delegation.accepted', step, {
        delegationContractId: textAt(node.exerciseResult, 'mergeDelegationCid'),
      }),
    ],
    MergeDelegationProposal_Reject: ended('delegation.rejected'),
    MergeDelegationProposal_Withdraw: ended('delegation.withdrawn'),
  },
  consumed: ended('delegation.withdrawn'),
};

export const mergeDelegationEvents: TemplateEvents = {
  created: delegationStarted('delegation'),
  choices: {
    // One merge of a batch (BatchMergeUtility_MergeHoldings runs one per delegation).
    MergeDelegation_Merge: (_node, step) => [
      event('delegation.mergeStarted', step),
      event('delegation.merged', step),
    ],
    MergeDelegation_Reject: ended('delegation.rejected'),
    MergeDelegation_Withdraw: ended('delegation.withdrawn'),
  },
  consumed: ended('delegation.withdrawn'),
};
