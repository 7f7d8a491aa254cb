import type { CreatedNode, ExercisedNode } from '@pocketnet/ledger';
import {
  amuletTransferInstruction,
  choicesOf,
  mergeDelegationTemplates,
  roundTemplates,
  transferPreapprovalTemplate,
} from '../vocabulary/splice-templates.ts';
import { argumentOf, payloadOf, resultOf } from '../vocabulary/typed-commands.ts';
import type { ActorRoute, Step } from './ledger-events.ts';
import { actorEvent as event } from './ledger-values.ts';
import { actorIdOf, onboardingPartyKey } from './machine-catalog.ts';
import type { MergeDelegationInput } from './machines/merge-delegation.machine.ts';
import type { MiningRoundInput } from './machines/mining-round.machine.ts';
import type { TransferInstructionInput } from './machines/transfer-instruction.machine.ts';
import type { TransferPreapprovalInput } from './machines/transfer-preapproval.machine.ts';
import type { TemplateEvents } from './splice-template-events.ts';

// The splice-amulet and merge-delegation templates: preapprovals, token-standard transfer
// instructions, mining rounds and merge delegations. Payloads are read by their generated types:
// the engine checked every committed value against its template.

const preapprovalChoices = choicesOf.transferPreapproval;
const instructionChoices = choicesOf.transferInstruction;
const { MergeDelegation, MergeDelegationProposal } = mergeDelegationTemplates;
const proposalChoices = MergeDelegationProposal.choices;
const delegationChoices = MergeDelegation.choices;

export const transferPreapprovalEvents: TemplateEvents = {
  // Created by a proposal's acceptance or a renewal, it belongs to that actor already.
  created: (node, step) => {
    const payload = payloadOf(transferPreapprovalTemplate, node.createArgument);
    const input = (): TransferPreapprovalInput => ({
      ...step,
      contractId: node.contractId,
      receiver: payload.receiver,
      provider: payload.provider,
      dso: payload.dso,
      expiresAt: payload.expiresAt,
    });
    const key = node.contractId;
    const label = 'preapproval.created';
    return [{ kind: 'spawn', machine: 'transfer-preapproval', key, label, input, contractId: key }];
  },
  choices: {
    [preapprovalChoices.TransferPreapproval_Renew.name]: (node, step) => [
      event('preapproval.renewed', step, {
        preapprovalContractId: resultOf(
          preapprovalChoices.TransferPreapproval_Renew,
          node.exerciseResult,
        ).transferPreapprovalCid,
        expiresAt: argumentOf(preapprovalChoices.TransferPreapproval_Renew, node.choiceArgument)
          .newExpiresAt,
      }),
    ],
    [preapprovalChoices.TransferPreapproval_Cancel.name]: (_node, step) => [
      event('preapproval.cancelled', step),
    ],
    [preapprovalChoices.TransferPreapproval_Expire.name]: (_node, step) => [
      event('preapproval.expired', step),
    ],
  },
  consumed: (_node, step) => [event('preapproval.cancelled', step)],
};

function instructionCreated(node: CreatedNode, step: Step): ActorRoute[] {
  const { transfer, lockedAmulet } = payloadOf(amuletTransferInstruction, node.createArgument);
  const input = (): TransferInstructionInput => ({
    ...step,
    contractId: node.contractId,
    sender: transfer.sender,
    receiver: transfer.receiver,
    admin: transfer.instrumentId.admin,
    instrumentId: transfer.instrumentId.id,
    amount: transfer.amount,
    requestedAt: transfer.requestedAt,
    executeBefore: transfer.executeBefore,
    lockedAmuletContractId: lockedAmulet,
  });
  const key = node.contractId;
  const label = 'instruction.pending';
  return [{ kind: 'spawn', machine: 'transfer-instruction', key, label, input, contractId: key }];
}

/** The TransferInstructionResult every choice of an instruction answers. */
const instructionResultOf = (node: ExercisedNode) =>
  resultOf(instructionChoices.TransferInstruction_Accept, node.exerciseResult);

/** An instruction ended without a transfer: the sender's holdings that came back. */
const returned = (type: string) => (node: ExercisedNode, step: Step) => [
  event(type, step, {
    returnedHoldingContractIds: [...instructionResultOf(node).senderChangeCids],
  }),
];

export const transferInstructionEvents: TemplateEvents = {
  created: instructionCreated,
  choices: {
    [instructionChoices.TransferInstruction_Accept.name]: (node, step) => {
      const { output } = instructionResultOf(node);
      const receiverHoldingContractIds =
        output.tag === 'TransferInstructionResult_Completed'
          ? [...output.value.receiverHoldingCids]
          : [];
      return [event('instruction.completed', step, { receiverHoldingContractIds })];
    },
    [instructionChoices.TransferInstruction_Reject.name]: returned('instruction.rejected'),
    [instructionChoices.TransferInstruction_Withdraw.name]: returned('instruction.withdrawn'),
    // The registry's update of an instruction past executeBefore: it expired.
    [instructionChoices.TransferInstruction_Update.name]: returned('instruction.expired'),
  },
  consumed: returned('instruction.withdrawn'),
};

function openRoundCreated(node: CreatedNode, step: Step): ActorRoute[] {
  const payload = payloadOf(roundTemplates.OpenMiningRound, node.createArgument);
  const round = payload.round.number;
  const input = (): MiningRoundInput => ({
    ...step,
    contractId: node.contractId,
    round,
    dso: payload.dso,
    opensAt: payload.opensAt,
    targetClosesAt: payload.targetClosesAt,
    amuletPrice: payload.amuletPrice,
  });
  const label = 'round.opened';
  return [{ kind: 'spawn', machine: 'mining-round', key: round, label, input, contractId: null }];
}

/** A later phase of a round is a new contract with the same round number. */
const roundPhase = (type: string) => ({
  created: (node: CreatedNode, step: Step): ActorRoute[] => [
    {
      kind: 'send',
      // Every phase of a round carries its `round`.
      target: actorIdOf(
        'mining-round',
        payloadOf(roundTemplates.SummarizingMiningRound, node.createArgument).round.number,
      ),
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
      startsWith === 'proposal'
        ? payloadOf(MergeDelegationProposal, node.createArgument).delegation
        : payloadOf(MergeDelegation, node.createArgument);
    const input = (): MergeDelegationInput => ({
      ...step,
      contractId: node.contractId,
      owner: delegation.owner,
      operator: delegation.operator,
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
      target: onboardingPartyKey(
        payloadOf(MergeDelegationProposal, node.createArgument).delegation.owner,
      ),
      event: event('onboarding.completed', step, {
        completedBy: 'mergeDelegationProposal',
        contractId: node.contractId,
      }),
    },
  ],
  choices: {
    [proposalChoices.MergeDelegationProposal_Accept.name]: (node, step) => [
      event('delegation.accepted', step, {
        delegationContractId: resultOf(
          proposalChoices.MergeDelegationProposal_Accept,
          node.exerciseResult,
        ).mergeDelegationCid,
      }),
    ],
    [proposalChoices.MergeDelegationProposal_Reject.name]: ended('delegation.rejected'),
    [proposalChoices.MergeDelegationProposal_Withdraw.name]: ended('delegation.withdrawn'),
  },
  consumed: ended('delegation.withdrawn'),
};

export const mergeDelegationEvents: TemplateEvents = {
  created: delegationStarted('delegation'),
  choices: {
    // One merge of a batch (BatchMergeUtility_BatchMerge runs one per delegation).
    [delegationChoices.MergeDelegation_Merge.name]: (_node, step) => [
      event('delegation.mergeStarted', step),
      event('delegation.merged', step),
    ],
    [delegationChoices.MergeDelegation_Reject.name]: ended('delegation.rejected'),
    [delegationChoices.MergeDelegation_Withdraw.name]: ended('delegation.withdrawn'),
  },
  consumed: ended('delegation.withdrawn'),
};
