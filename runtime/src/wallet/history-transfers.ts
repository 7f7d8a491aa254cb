import {
  type ExercisedNode,
  formatNumeric,
  parseNumeric,
  type TransactionNode,
} from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import { amuletTemplates, choiceNames, choicesOf } from '../vocabulary/splice-templates.ts';
import { argumentOf, payloadOf, resultOf, sharedFieldsOf } from '../vocabulary/typed-commands.ts';
import {
  baseEntry,
  descendantsOf,
  type HistoryEntry,
  type NodeAt,
  type PartyAmount,
} from './history-types.ts';
import { inputFromLocks } from './history-unlocks.ts';
import { byParty, type Holding } from './history-values.ts';
import { walletTemplateOf } from './wallet-templates.ts';

type TransferSummary = spliceVocabulary.splice_amulet.Splice.AmuletRules.TransferSummary;
type AmuletTransfer = spliceVocabulary.splice_amulet.Splice.AmuletRules.Transfer;
type TokenTransfer =
  spliceVocabulary.splice_api_token_transfer_instruction_v1.Splice.Api.Token.TransferInstructionV1.Transfer;

/**
 * Where the results of transfer-like choices keep their TransferSummary: `summary`
 * (AmuletRules_Transfer, AmuletRules_BuyMemberTraffic), `transferResult`
 * (AcceptedTransferOffer_Complete, the preapproval acceptances), `result` (TransferPreapproval_Send).
 */
type SummaryCarrier = {
  readonly summary: TransferSummary;
  readonly transferResult: { readonly summary?: TransferSummary };
  readonly result: { readonly summary?: TransferSummary };
};

/**
 * Who pays, as the arguments of transfer-like choices name it: `transfer.sender` (an amulet
 * Transfer of AmuletRules_Transfer, a token-standard Transfer), `sender`, `provider` (payments,
 * traffic) or `validator`; a token-standard transfer's reason in its `meta`, others' `description`.
 */
type PayerFields = {
  readonly transfer: Partial<Pick<TokenTransfer, 'sender' | 'meta'>> &
    Partial<Pick<AmuletTransfer, 'inputs'>>;
  readonly sender: string;
  readonly provider: string;
  readonly validator: string;
  readonly description: string | null;
};

const { transferFactory, transferInstruction } = choicesOf;

// A transfer-like action (a transfer, a payment, a purchase that burns amulet) as one history
// entry: who paid what, who received what, read off the action's subtree and its summary.

const reasonKey = 'splice.lfdecentralizedtrust.org/reason';

/** The TransferSummary of a transfer-like result, wherever the choice keeps it. */
function summaryOf(node: ExercisedNode, nested: ExercisedNode | undefined): TransferSummary | null {
  for (const found of [node, ...(nested ? [nested] : [])]) {
    const result = sharedFieldsOf<SummaryCarrier>(found.exerciseResult);
    const summary = result.summary ?? result.transferResult?.summary ?? result.result?.summary;
    if (summary) return summary;
  }
  return null;
}

/** Who pays: the nested transfer's sender, or the party the choice names. */
function senderOf(node: ExercisedNode, nested: ExercisedNode | undefined): string {
  if (nested) {
    const argument = sharedFieldsOf<PayerFields>(nested.choiceArgument);
    return argument.transfer?.sender || argument.sender || '';
  }
  const argument = sharedFieldsOf<PayerFields>(node.choiceArgument);
  return (
    argument.transfer?.sender ||
    argument.sender ||
    argument.provider ||
    argument.validator ||
    sharedFieldsOf<{ readonly provider: string }>(node.exerciseResult).provider ||
    ''
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
  const argument = sharedFieldsOf<PayerFields>(node.choiceArgument);
  return argument.transfer?.meta?.values[reasonKey] || argument.description || '';
}

/**
 * Rewards a transfer minted into its inputs. inputValidatorRewardAmount already counts what the
 * liveness records' faucet minted (inputValidatorFaucetAmount is a part of it, not more).
 */
const numeric = (amount: string | null | undefined) => formatNumeric(parseNumeric(amount ?? '0'));
const rewardsUsedOf = (summary: TransferSummary) => ({
  app: numeric(summary.inputAppRewardAmount),
  validator: numeric(summary.inputValidatorRewardAmount),
  sv: numeric(summary.inputSvRewardAmount),
  developmentFund: numeric(summary.inputDevelopmentFundAmount),
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
  return created?.kind === 'created'
    ? payloadOf(amuletTemplates.Amulet, created.createArgument).owner
    : '';
}

const zero = formatNumeric(0n);

function transferLikeEntry(
  at: NodeAt,
  moved: {
    readonly sender: string;
    readonly senderNet: bigint;
    readonly receivers: readonly PartyAmount[];
    readonly summary: TransferSummary | null;
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
    holdingFees: summary === null ? zero : numeric(summary.holdingFees),
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
    parseNumeric(summary.inputAmuletAmount);
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
