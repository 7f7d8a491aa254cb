import type { CreatedNode, TransactionRecord } from '@pocketnet/ledger';
import type { UpdateLog } from './update-log.projection.ts';

/**
 * A created contract as one number, `offset × 2^20 + node id` of its create (as scan's ACS
 * snapshots key theirs): the projections hold these rather than records, so a restored node's
 * projections point into its journal without its records decoded, and numbers sort in creation
 * order. (A transaction of 2^20 nodes would not fit; none comes near.)
 */
export type CreatedRef = number;

const nodeSpan = 2 ** 20;

export const createdRefOf = (offset: number, nodeId: number): CreatedRef =>
  offset * nodeSpan + nodeId;

export const offsetOfRef = (ref: CreatedRef): number => Math.floor(ref / nodeSpan);

export const nodeIdOfRef = (ref: CreatedRef): number => ref % nodeSpan;

export type CreatedEvent = { readonly record: TransactionRecord; readonly node: CreatedNode };

/** The create a ref names, from the update log (undefined if it names none). */
export function createdEventAt(updateLog: UpdateLog, ref: CreatedRef): CreatedEvent | undefined {
  const record = updateLog.byOffset(offsetOfRef(ref));
  if (record?.type !== 'transaction') return undefined;
  const node = record.nodes[nodeIdOfRef(ref)];
  return node?.kind === 'created' ? { record, node } : undefined;
}
