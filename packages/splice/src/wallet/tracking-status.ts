import type { ExercisedNode, TransactionNode, TransactionRecord, Value } from '@pocketnet/ledger';
import { walletPackageName } from './wallet-references.ts';

// The tracking-id statuses the wallet's external API reports for transfer offers and traffic
// requests, read off committed transactions: each relevant node moves a tracking id on.

export type TransferOfferStatus =
  | {
      readonly status: 'created' | 'accepted' | 'completed';
      readonly trackingId: string;
      readonly transactionId: string;
      /** The offer, the accepted offer, or the receiver's new amulet. */
      readonly contractId: string;
    }
  | {
      readonly status: 'failed';
      readonly trackingId: string;
      readonly failureKind: 'expired' | 'rejected' | 'withdrawn';
      readonly withdrawnReason: string | null;
    };

export type BuyTrafficRequestStatus =
  | { readonly status: 'created'; readonly trackingId: string }
  | { readonly status: 'completed'; readonly trackingId: string; readonly transactionId: string }
  | {
      readonly status: 'failed';
      readonly trackingId: string;
      readonly failureReason: 'expired' | 'rejected';
      readonly rejectionReason: string | null;
    };

const offerEntity = 'Splice.Wallet.TransferOffer:TransferOffer';
const acceptedEntity = 'Splice.Wallet.TransferOffer:AcceptedTransferOffer';
const trafficEntity = 'Splice.Wallet.BuyTrafficRequest:BuyTrafficRequest';

function isWalletTemplate(node: TransactionNode, entity: string): boolean {
  return node.packageName === walletPackageName && node.templateId.endsWith(`:${entity}`);
}

function field(value: Value, ...path: string[]): Value {
  let current: Value = value;
  for (const name of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return null;
    current = (current as { readonly [key: string]: Value })[name] ?? null;
  }
  return current;
}

const text = (value: Value): string => (typeof value === 'string' ? value : '');

function exercisedTrackingId(node: ExercisedNode): string {
  return text(field(node.exerciseResult, 'trackingInfo', 'trackingId'));
}

function receiverAmulet(node: ExercisedNode): string {
  const created = field(node.exerciseResult, 'transferResult', 'createdAmulets');
  const first = Array.isArray(created) ? (created[0] ?? null) : null;
  return text(field(first, 'value'));
}

const offerFailures: Readonly<Record<string, 'expired' | 'rejected' | 'withdrawn'>> = {
  TransferOffer_Reject: 'rejected',
  TransferOffer_Withdraw: 'withdrawn',
  TransferOffer_Expire: 'expired',
  AcceptedTransferOffer_Withdraw: 'rejected',
  AcceptedTransferOffer_Abort: 'withdrawn',
  AcceptedTransferOffer_Expire: 'expired',
};

function offerStatusOf(node: TransactionNode, transactionId: string): TransferOfferStatus | null {
  if (node.kind === 'created') {
    const accepted = isWalletTemplate(node, acceptedEntity);
    if (!accepted && !isWalletTemplate(node, offerEntity)) return null;
    const trackingId = text(node.createArgument.trackingId ?? null);
    const status = accepted ? 'accepted' : 'created';
    return { status, trackingId, transactionId, contractId: node.contractId };
  }
  if (!isWalletTemplate(node, offerEntity) && !isWalletTemplate(node, acceptedEntity)) return null;
  const trackingId = exercisedTrackingId(node);
  if (node.choice === 'AcceptedTransferOffer_Complete') {
    return { status: 'completed', trackingId, transactionId, contractId: receiverAmulet(node) };
  }
  const failureKind = offerFailures[node.choice];
  if (failureKind === undefined) return null;
  const reason = field(node.choiceArgument, 'reason');
  const withdrawnReason = failureKind === 'withdrawn' && typeof reason === 'string' ? reason : null;
  return { status: 'failed', trackingId, failureKind, withdrawnReason };
}

/** Status changes of transfer offers in a transaction, in node order (later ones win). */
export function transferOfferStatusUpdates(record: TransactionRecord): TransferOfferStatus[] {
  return record.nodes
    .map((node) => offerStatusOf(node, record.updateId))
    .filter((status): status is TransferOfferStatus => status !== null);
}

function trafficStatusOf(
  node: TransactionNode,
  transactionId: string,
): BuyTrafficRequestStatus | null {
  if (!isWalletTemplate(node, trafficEntity)) return null;
  if (node.kind === 'created')
    return { status: 'created', trackingId: text(node.createArgument.trackingId ?? null) };
  const trackingId = exercisedTrackingId(node);
  switch (node.choice) {
    case 'BuyTrafficRequest_Complete':
      return { status: 'completed', trackingId, transactionId };
    case 'BuyTrafficRequest_Expire':
      return { status: 'failed', trackingId, failureReason: 'expired', rejectionReason: null };
    case 'BuyTrafficRequest_Cancel':
      return {
        status: 'failed',
        trackingId,
        failureReason: 'rejected',
        rejectionReason: text(field(node.choiceArgument, 'reason')),
      };
    default:
      return null;
  }
}

/** Status changes of buy-traffic requests in a transaction, in node order. */
export function buyTrafficRequestStatusUpdates(
  record: TransactionRecord,
): BuyTrafficRequestStatus[] {
  return record.nodes
    .map((node) => trafficStatusOf(node, record.updateId))
    .filter((status): status is BuyTrafficRequestStatus => status !== null);
}
