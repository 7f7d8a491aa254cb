import {
  type CreatedNode,
  formatNumeric,
  parseNumeric,
  type TransactionRecord,
} from '@pocketnet/ledger';
import { nodeWithId } from '../node/participant-records.ts';
import { balanceChangeEntry, holdingsReturnedBy, transferEntry } from './history-transfers.ts';
import { eventIdOf, type HistoryEntry, type NodeAt } from './history-types.ts';
import { isUnlockChoice, unlockReturnedBy } from './history-unlocks.ts';
import { fieldAt } from './wallet-submitter.ts';
import { walletTemplateOf } from './wallet-templates.ts';

// A committed transaction as wallet history: each transfer, tap, mint, purchase, offer step and
// transfer-instruction step is its own entry. Wallet batches and proxies are looked through.

/** Actions that move amulet from a sender: one transfer entry each, their subtree included. */
const transferChoices = new Set([
  'AmuletRules_Transfer',
  'AcceptedTransferOffer_Complete',
  'TransferPreapproval_Send',
  'TransferPreapproval_SendV2',
  'TransferFactory_Transfer',
  'TransferInstruction_Accept',
  'AmuletRules_BuyMemberTraffic',
  'AmuletRules_CreateTransferPreapproval',
  'AmuletRules_CreateExternalPartySetupProposal',
  'TransferPreapproval_Renew',
]);

const mintChoices = new Set(['AmuletRules_DevNet_Tap', 'AmuletRules_Mint']);

const lockReturns = new Set([
  'TransferInstruction_Reject',
  'TransferInstruction_Withdraw',
  'TransferInstruction_Update',
]);

const offerSteps: Readonly<Record<string, string>> = {
  TransferOffer_Accept: 'accepted',
  TransferOffer_Reject: 'rejected',
  TransferOffer_Withdraw: 'withdrawn',
  TransferOffer_Expire: 'expired',
  AcceptedTransferOffer_Withdraw: 'withdrawn by the receiver',
  AcceptedTransferOffer_Abort: 'aborted by the sender',
  AcceptedTransferOffer_Expire: 'expired',
};

/** The wallet batch operation each child of WalletAppInstall_ExecuteBatch stands for. */
const operationOfChoice: Readonly<Record<string, string>> = {
  AmuletRules_DevNet_Tap: 'CO_Tap',
  AcceptedTransferOffer_Complete: 'CO_CompleteAcceptedTransfer',
  AmuletRules_Transfer: 'CO_MergeTransferInputs',
  AmuletRules_BuyMemberTraffic: 'CO_BuyMemberTraffic',
  BuyTrafficRequest_Complete: 'CO_CompleteBuyTrafficRequest',
  TransferPreapproval_Send: 'CO_TransferPreapprovalSend',
  TransferPreapprovalProposal_Accept: 'CO_AcceptTransferPreapprovalProposal',
  TransferPreapproval_Renew: 'CO_RenewTransferPreapproval',
  AmuletRules_CreateExternalPartySetupProposal: 'CO_CreateExternalPartySetupProposal',
  AppPaymentRequest_Accept: 'CO_AppPayment',
  SubscriptionRequest_AcceptAndMakePayment: 'CO_SubscriptionAcceptAndMakeInitialPayment',
  SubscriptionIdleState_MakePayment: 'CO_SubscriptionMakePayment',
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function mintEntry(at: NodeAt): HistoryEntry {
  const argument = at.node.choiceArgument;
  const amount = formatNumeric(parseNumeric(text(fieldAt(argument, 'amount')) || '0'));
  return balanceChangeEntry(at, [{ party: text(fieldAt(argument, 'receiver')), amount }]);
}

function offerCreated(record: TransactionRecord, node: CreatedNode): HistoryEntry {
  const offer = node.createArgument;
  const amount = fieldAt(offer, 'amount');
  const unit = text(fieldAt(amount, 'unit')) === 'USDUnit' ? 'USD' : 'CC';
  const sender = text(offer.sender);
  const receiver = text(offer.receiver);
  return {
    eventId: eventIdOf(record, node),
    offset: record.offset,
    date: record.effectiveAt,
    type: 'notification',
    subtype: { templateId: node.templateId, choice: 'Create' },
    parties: [sender, receiver],
    receivers: [],
    details: `Transfer offer of ${text(fieldAt(amount, 'amount'))} ${unit} from ${sender} to ${receiver} (tracking id ${text(offer.trackingId)}): ${text(offer.description)}`,
    description: text(offer.description),
  };
}

function offerStep(at: NodeAt, step: string): HistoryEntry {
  const { record, node } = at;
  const accepted = record.nodes.find(
    (child) => child.kind === 'created' && walletTemplateOf(child) === 'acceptedTransferOffer',
  );
  const trackingId =
    text(fieldAt(node.exerciseResult, 'trackingInfo', 'trackingId')) ||
    text(accepted?.kind === 'created' ? accepted.createArgument.trackingId : null);
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
        walk(node.childNodeIds, node.choice === 'WalletAppInstall_ExecuteBatch', operation);
      } else if (entry !== null) entries.push(entry);
    }
  };
  walk(record.rootNodeIds, false, undefined);
  return entries;
}
