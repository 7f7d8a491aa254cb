import {
  type ExercisedNode,
  formatNumeric,
  parseNumeric,
  type TransactionNode,
  type Value,
} from '@pocketnet/ledger';
import { amuletTemplates, choiceNames, choicesOf } from '../vocabulary/splice-templates.ts';
import { argumentOf, payloadOf, resultOf } from '../vocabulary/typed-commands.ts';
import {
  baseEntry,
  descendantsOf,
  type HistoryEntry,
  type NodeAt,
  type PartyAmount,
} from './history-types.ts';
import { inputFromLocks } from './history-unlocks.ts';
import { byParty, type Holding, numericAt, textAt } from './history-values.ts';
import { fieldAt } from './wallet-submitter.ts';
import { walletTemplateOf } from './wallet-templates.ts';

const { transferFactory, transferInstruction } = choicesOf;

// A transfer-like action (a transfer, a payment, a purchase that burns amulet) as one history
// entry: who paid what, who received what, read off the action's subtree and its summary.

const reasonKey = 'splice.lfdecentralizedtrust.org/reason';

const summaryPaths = [['summary'], ['transferResult', 'summary'], ['result', 'summary']];

/** The TransferSummary of a transfer-like result, wherever the choice keeps it. */
function summaryOf(node: ExercisedNode, nested: ExercisedNode | undefined): Value {
  for (const found of [node, ...(nested ? [nested] : [])]) {
    for (const path of summaryPaths) {
      const summary = fieldAt(found.exerciseResult, ...path);
      if (summary !== null) return summary;
    }
  }
  return null;
}

/** Who pays: the nested transfer's sender, or the party the choice names. */
function senderOf(node: ExercisedNode, nested: ExercisedNode | undefined): string {
  if (nested) {
    const argument = nested.choiceArgument;
    return textAt(argument, 'transfer', 'sender') || textAt(argument, 'sender');
  }
  const argument = node.choiceArgument;
  return (
    textAt(argument, 'transfer', 'sender') ||
    textAt(argument, 'sender') ||
    textAt(argument, 'provider') ||
    textAt(argument, 'validator') ||
    textAt(node.exerciseResult, 'provider')
  );
}

/** Holdings the subtree creates and does not consume again (a burnt split is not one). */
function holdingsCreatedIn(nodes: readonly TransactionNode[]): Holding[] {
  const consumed = new Set(
    nodes.filter((node) => node.kind === 'exercised' && node.consuming).map((n) => n.contractId),
  );
  return nodes.flatMap((node) => {
    if (node.kind !== 'created' || consumed.has(node.contractId)) return [];
    const kind = walletTemplateOf(node);
    if (kind !== 'amulet' && kind !== 'lockedAmulet') return [];
    const amulet =
      kind === 'amulet'
        ? payloadOf(amuletTemplates.Amulet, node.createArgument)
        : payloadOf(amuletTemplates.LockedAmulet, node.createArgument).amulet;
    return [
      {
        owner: amulet.owner,
        amount: parseNumeric(amulet.amount.initialAmount),
        locked: kind !== 'amulet',
      },
    ];
  });
}

function instructionOf(node: ExercisedNode): HistoryEntry['transferInstruction'] {
  if (node.choice === transferInstruction.TransferInstruction_Accept.name) {
    return { cid: node.contractId };
  }
  const factoryTransfer = transferFactory.TransferFactory_Transfer;
  if (node.choice !== factoryTransfer.name) return undefined;
  const { output } = resultOf(factoryTransfer, node.exerciseResult);
  if (output.tag !== 'TransferInstructionResult_Pending') return undefined;
  const cid = output.value.transferInstructionCid;
  if (cid === '') return undefined;
  const { transfer } = argumentOf(factoryTransfer, node.choiceArgument);
  return { cid, receiver: transfer.receiver, amount: transfer.amount };
}

function descriptionOf(node: ExercisedNode): string {
  return (
    textAt(node.choiceArgument, 'transfer', 'meta', 'values', reasonKey) ||
    textAt(node.choiceArgument, 'description')
  );
}

/**
 * Rewards a transfer minted into its inputs. inputValidatorRewardAmount already counts what the
 * liveness records' faucet minted (inputValidatorFaucetAmount is a part of it, not more).
 */
const rewardsUsedOf = (summary: Value) => ({
  app: formatNumeric(numericAt(summary, 'inputAppRewardAmount')),
  validator: formatNumeric(numericAt(summary, 'inputValidatorRewardAmount')),
  sv: formatNumeric(numericAt(summary, 'inputSvRewardAmount')),
  developmentFund: formatNumeric(numericAt(summary, 'inputDevelopmentFundAmount')),
});

// The exercises that run an amulet transfer: AmuletRules_Transfer, and SendV2, which transfers
// at an ExternalPartyConfigState's prices without an AmuletRules_Transfer below it.
const transferRunners = new Set(
  choiceNames(
    choicesOf.amuletRules.AmuletRules_Transfer,
    choicesOf.transferPreapproval.TransferPreapproval_SendV2,
  ),
);

/** The first transfer run at or below a node: the transfer an action made. */
function nestedTransferOf(node: ExercisedNode, below: readonly TransactionNode[]) {
  if (transferRunners.has(node.choice)) return node;
  return below.find(
    (child): child is ExercisedNode =>
      child.kind === 'exercised' && transferRunners.has(child.choice),
  );
}

/**
 * A token-standard step that transfers in place (splice-amulet 0.1.20 runs its transfer as a
 * function, with no AmuletRules_Transfer and no TransferSummary in the tree): the sender is
 * whoever owned the amulets it consumed, and what it spent is what those amulets held. Amulets
 * unlocked in the same transaction are not counted: their lock already took them.
 */
function inPlaceTransferEntry(at: NodeAt, below: readonly TransactionNode[]): HistoryEntry | null {
  const spent = below.flatMap((node) => {
    if (node.kind !== 'exercised' || !node.consuming) return [];
    const held = at.heldBefore?.(node.contractId);
    return held === undefined ? [] : [held];
  });
  const unlocked = below.filter(
    (node) => node.kind === 'exercised' && node.consuming && walletTemplateOf(node) === 'amulet',
  );
  const sender = spent[0]?.owner ?? ownerOfCreated(at, unlocked[0]?.contractId);
  if (sender === '') return null;
  const created = holdingsCreatedIn(below);
  const kept = created.filter((holding) => holding.owner === sender && !holding.locked);
  const input = spent.reduce((sum, held) => sum + held.amount, 0n);
  const senderNet = kept.reduce((sum, holding) => sum + holding.amount, 0n) - input;
  const receivers = byParty(created.filter((holding) => holding.owner !== sender));
  return transferLikeEntry(at, { sender, senderNet, receivers, summary: null });
}

/** The owner of an amulet the transaction created (an unlocked lock), '' when none. */
function ownerOfCreated(at: NodeAt, contractId: string | undefined): string {
  const created = at.record.nodes.find(
    (node) => node.kind === 'created' && node.contractId === contractId,
  );
  return created?.kind === 'created' ? textAt(created.createArgument, 'owner') : '';
}

const zero = formatNumeric(0n);

function transferLikeEntry(
  at: NodeAt,
  moved: {
    readonly sender: string;
    readonly senderNet: bigint;
    readonly receivers: readonly PartyAmount[];
    readonly summary: Value;
  },
): HistoryEntry {
  const { sender, receivers, summary } = moved;
  const instruction = instructionOf(at.node);
  const description = descriptionOf(at.node);
  const parties = new Set([sender, ...receivers.map((receiver) => receiver.party)]);
  if (instruction?.receiver) parties.add(instruction.receiver);
  return {
    ...baseEntry(at),
    type: 'transfer',
    parties: [...parties],
    sender: { party: sender, amount: formatNumeric(moved.senderNet) },
    receivers,
    holdingFees: summary === null ? zero : formatNumeric(numericAt(summary, 'holdingFees')),
    rewardsUsed:
      summary === null
        ? { app: zero, validator: zero, sv: zero, developmentFund: zero }
        : rewardsUsedOf(summary),
    ...(instruction ? { transferInstruction: instruction } : {}),
    ...(description === '' ? {} : { description }),
  };
}

const inPlaceChoices = new Set(
  choiceNames(
    transferFactory.TransferFactory_Transfer,
    transferInstruction.TransferInstruction_Accept,
  ),
);

/** The history entry of a transfer-like node; null when it moved no amulet at all. */
export function transferEntry(at: NodeAt): HistoryEntry | null {
  const { record, node } = at;
  const below = descendantsOf(record, node);
  const nested = nestedTransferOf(node, below);
  const summary = summaryOf(node, nested);
  if (summary === null) {
    return nested === undefined && inPlaceChoices.has(node.choice)
      ? inPlaceTransferEntry(at, below)
      : null;
  }
  const sender = senderOf(node, nested);
  const created = holdingsCreatedIn(below);
  const kept = created.filter((holding) => holding.owner === sender && !holding.locked);
  const senderNet =
    kept.reduce((sum, holding) => sum + holding.amount, 0n) +
    inputFromLocks(at, nested, sender) -
    numericAt(summary, 'inputAmuletAmount');
  const receivers = byParty(created.filter((holding) => holding.owner !== sender));
  return transferLikeEntry(at, { sender, senderNet, receivers, summary });
}

/** A balance change of the holdings a subtree creates (tap, mint, a lock given back). */
export function balanceChangeEntry(at: NodeAt, receivers: readonly PartyAmount[]): HistoryEntry {
  const instructionCid = at.node.choice.startsWith('TransferInstruction_')
    ? at.node.contractId
    : undefined;
  return {
    ...baseEntry(at),
    type: 'balance_change',
    // An instruction's end shows in the histories of both its sender and its receiver.
    parties: [
      ...new Set([
        ...receivers.map((receiver) => receiver.party),
        ...(instructionCid === undefined ? [] : at.node.stakeholders),
      ]),
    ],
    receivers,
    ...(instructionCid === undefined ? {} : { transferInstruction: { cid: instructionCid } }),
  };
}

/** What the subtree of `node` gave back to holders as amulet (an unlocked lock). */
export function holdingsReturnedBy(at: NodeAt): PartyAmount[] {
  return byParty(holdingsCreatedIn(descendantsOf(at.record, at.node)));
}
