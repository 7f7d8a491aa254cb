import {
  type CreatedNode,
  formatNumeric,
  parseNumeric,
  type TransactionRecord,
} from '@pocketnet/ledger';
import { nodeWithId } from '../node/participant-records.ts';
import {
  acceptedTransferOfferTemplate,
  choiceNames,
  choicesOf,
  transferOfferTemplate,
  walletInstallChoices,
} from '../vocabulary/splice-templates.ts';
import type { AmuletOperation } from '../vocabulary/splice-types.ts';
import {
  argumentOf,
  payloadOf,
  type ResultOf,
  sharedFieldsOf,
} from '../vocabulary/typed-commands.ts';
import { balanceChangeEntry, holdingsReturnedBy, transferEntry } from './history-transfers.ts';
import { eventIdOf, type HistoryEntry, type NodeAt } from './history-types.ts';
import { isUnlockChoice, unlockReturnedBy } from './history-unlocks.ts';
import { walletTemplateOf } from './wallet-templates.ts';

// A committed transaction as wallet history: each transfer, tap, mint, purchase, offer step and
// transfer-instruction step is its own entry. Wallet batches and proxies are looked through.

const { amuletRules, transferPreapproval, transferOffer, acceptedTransferOffer } = choicesOf;
const { transferFactory, transferInstruction } = choicesOf;

/** Actions that move amulet from a sender: one transfer entry each, their subtree included. */
const transferChoices = new Set(
  choiceNames(
    amuletRules.AmuletRules_Transfer,
    acceptedTransferOffer.AcceptedTransferOffer_Complete,
    transferPreapproval.TransferPreapproval_Send,
    transferPreapproval.TransferPreapproval_SendV2,
    transferFactory.TransferFactory_Transfer,
    transferInstruction.TransferInstruction_Accept,
    amuletRules.AmuletRules_BuyMemberTraffic,
    amuletRules.AmuletRules_CreateTransferPreapproval,
    amuletRules.AmuletRules_CreateExternalPartySetupProposal,
    transferPreapproval.TransferPreapproval_Renew,
  ),
);

const mintChoices = new Set(
  choiceNames(amuletRules.AmuletRules_DevNet_Tap, amuletRules.AmuletRules_Mint),
);

const lockReturns = new Set(
  choiceNames(
    transferInstruction.TransferInstruction_Reject,
    transferInstruction.TransferInstruction_Withdraw,
    transferInstruction.TransferInstruction_Update,
  ),
);

const offerSteps: Readonly<Record<string, string>> = {
  [transferOffer.TransferOffer_Accept.name]: 'accepted',
  [transferOffer.TransferOffer_Reject.name]: 'rejected',
  [transferOffer.TransferOffer_Withdraw.name]: 'withdrawn',
  [transferOffer.TransferOffer_Expire.name]: 'expired',
  [acceptedTransferOffer.AcceptedTransferOffer_Withdraw.name]: 'withdrawn by the receiver',
  [acceptedTransferOffer.AcceptedTransferOffer_Abort.name]: 'aborted by the sender',
  [acceptedTransferOffer.AcceptedTransferOffer_Expire.name]: 'expired',
};

/** The wallet batch operation each child of WalletAppInstall_ExecuteBatch stands for. */
const operationOfChoice: Readonly<Record<string, AmuletOperation['tag']>> = {
  [amuletRules.AmuletRules_DevNet_Tap.name]: 'CO_Tap',
  [acceptedTransferOffer.AcceptedTransferOffer_Complete.name]: 'CO_CompleteAcceptedTransfer',
  [amuletRules.AmuletRules_Transfer.name]: 'CO_MergeTransferInputs',
  [amuletRules.AmuletRules_BuyMemberTraffic.name]: 'CO_BuyMemberTraffic',
  [choicesOf.buyTrafficRequest.BuyTrafficRequest_Complete.name]: 'CO_CompleteBuyTrafficRequest',
  [transferPreapproval.TransferPreapproval_Send.name]: 'CO_TransferPreapprovalSend',
  [choicesOf.transferPreapprovalProposal.TransferPreapprovalProposal_Accept.name]:
    'CO_AcceptTransferPreapprovalProposal',
  [transferPreapproval.TransferPreapproval_Renew.name]: 'CO_RenewTransferPreapproval',
  [amuletRules.AmuletRules_CreateExternalPartySetupProposal.name]:
    'CO_CreateExternalPartySetupProposal',
  [choicesOf.appPaymentRequest.AppPaymentRequest_Accept.name]: 'CO_AppPayment',
  [choicesOf.subscriptionRequest.SubscriptionRequest_AcceptAndMakePayment.name]:
    'CO_SubscriptionAcceptAndMakeInitialPayment',
  [choicesOf.subscriptionIdleState.SubscriptionIdleState_MakePayment.name]:
    'CO_SubscriptionMakePayment',
};

/** Every offer step but the accept (which creates the accepted offer) answers tracking info. */
type OfferStepResult = ResultOf<typeof transferOffer.TransferOffer_Reject>;

function mintEntry(at: NodeAt): HistoryEntry {
  // A tap or a mint: both name the receiver and the amount alike.
  const argument = argumentOf(amuletRules.AmuletRules_DevNet_Tap, at.node.choiceArgument);
  const amount = formatNumeric(parseNumeric(argument.amount));
  return balanceChangeEntry(at, [{ party: argument.receiver, amount }]);
}

function offerCreated(record: TransactionRecord, node: CreatedNode): HistoryEntry {
  const offer = payloadOf(transferOfferTemplate, node.createArgument);
  const { amount } = offer;
  const unit = amount.unit === 'USDUnit' ? 'USD' : 'CC';
  const sender = offer.sender;
  const receiver = offer.receiver;
  return {
    eventId: eventIdOf(record, node),
    offset: record.offset,
    date: record.effectiveAt,
    type: 'notification',
    subtype: { templateId: node.templateId, choice: 'Create' },
    parties: [sender, receiver],
    receivers: [],
    details: `Transfer offer of ${amount.amount} ${unit} from ${sender} to ${receiver} (tracking id ${offer.trackingId}): ${offer.description}`,
    description: offer.description,
  };
}

function offerStep(at: NodeAt, step: string): HistoryEntry {
  const { record, node } = at;
  const accepted = record.nodes.find(
    (child) => child.kind === 'created' && walletTemplateOf(child) === 'acceptedTransferOffer',
  );
  const trackingId =
    sharedFieldsOf<OfferStepResult>(node.exerciseResult).trackingInfo?.trackingId ||
    (accepted?.kind === 'created'
      ? payloadOf(acceptedTransferOfferTemplate, accepted.createArgument).trackingId
      : '');
  return {
    eventId: eventIdOf(record, node),
    offset: record.offset,
    date: record.effectiveAt,
    type: 'notification',
    subtype: { templateId: node.templateId, choice: node.choice },
    parties: [...node.stakeholders],
    receivers: [],
    details: `Transfer offer ${step} (tracking id ${trackingId})`,
  };
}

/** The entry of an exercise, or 'descend' to look at its children instead. */
function exercisedEntry(at: NodeAt): HistoryEntry | null | 'descend' {
  const { choice } = at.node;
  if (transferChoices.has(choice)) return transferEntry(at);
  if (mintChoices.has(choice)) return mintEntry(at);
  if (lockReturns.has(choice)) return balanceChangeEntry(at, holdingsReturnedBy(at));
  // A lock given back (a payment rejected or expired); one spent at once nets out in its transfer.
  if (isUnlockChoice(choice)) {
    const returned = unlockReturnedBy(at);
    return returned.length > 0 ? balanceChangeEntry(at, returned) : null;
  }
  const step = offerSteps[choice];
  if (step !== undefined) return offerStep(at, step);
  return 'descend';
}

/**
 * The wallet history entries of a transaction, in node order. `heldBefore` knows the amounts of
 * the wallets' amulets from earlier transactions (an in-place transfer consumes them unseen).
 */
export function historyEntriesOf(
  record: TransactionRecord,
  heldBefore?: NodeAt['heldBefore'],
): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  // Children of a batch stand for its operations; below them, the operation carries on.
  const walk = (nodeIds: readonly number[], inBatch: boolean, inherited: string | undefined) => {
    for (const nodeId of nodeIds) {
      const node = nodeWithId(record, nodeId);
      if (node === undefined) continue;
      if (node.kind === 'created') {
        if (walletTemplateOf(node) === 'transferOffer') entries.push(offerCreated(record, node));
        continue;
      }
      const operation = inBatch ? operationOfChoice[node.choice] : inherited;
      const entry = exercisedEntry({
        record,
        node,
        operation,
        ...(heldBefore ? { heldBefore } : {}),
      });
      if (entry === 'descend') {
        walk(
          node.childNodeIds,
          node.choice === walletInstallChoices.WalletAppInstall_ExecuteBatch.name,
          operation,
        );
      } else if (entry !== null) entries.push(entry);
    }
  };
  walk(record.rootNodeIds, false, undefined);
  return entries;
}
