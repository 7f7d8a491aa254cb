import { DomainError, type LedgerRecord } from '@pocketnet/ledger';
import type { TemplateCatalog } from '../views/template-catalog.ts';
import { type UpdateFormat, type UpdateView, viewUpdate } from './update-views.ts';

export type UpdatesPageRequest = {
  readonly beginExclusive: number;
  readonly endInclusive: number | null;
  readonly maxPageSize: number;
  readonly descending: boolean;
  readonly pageToken: string | null;
};

export type UpdatesPage = {
  readonly updates: readonly UpdateView[];
  readonly lowestPageOffsetExclusive: number;
  readonly highestPageOffsetInclusive: number;
  readonly nextPageToken: string | null;
};

const encodeToken = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');

function decodeToken(token: string): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  if (!match) throw new DomainError('INVALID_ARGUMENT', `Invalid page token: ${token}`);
  return Number(match[1]);
}

/**
 * One page of updates between two offsets, in either direction. The token records where the
 * page stopped, so the next page continues there however the ledger has grown since.
 */
export function pageOfUpdates(
  records: (beginExclusive: number, endInclusive: number) => readonly LedgerRecord[],
  ledgerEnd: number,
  request: UpdatesPageRequest & { format: UpdateFormat; catalog: TemplateCatalog },
): UpdatesPage {
  const end = Math.min(request.endInclusive ?? ledgerEnd, ledgerEnd);
  const cursor = request.pageToken === null ? null : decodeToken(request.pageToken);
  const low = request.descending ? request.beginExclusive : (cursor ?? request.beginExclusive);
  const high = request.descending ? (cursor ?? end) : end;
  const scanned = records(low, high);
  const ordered = request.descending ? [...scanned].reverse() : scanned;
  const updates: UpdateView[] = [];
  let stoppedAt: number | null = null;
  for (const record of ordered) {
    const view = viewUpdate(record, request.format, request.catalog);
    if (!view) continue;
    if (updates.length === request.maxPageSize) {
      stoppedAt = request.descending ? record.offset : (updates.at(-1)?.record.offset ?? low);
      break;
    }
    updates.push(view);
  }
  return pageBounds(updates, { low, high, stoppedAt, request });
}

function pageBounds(
  updates: UpdateView[],
  scan: { low: number; high: number; stoppedAt: number | null; request: UpdatesPageRequest },
): UpdatesPage {
  const { low, high, stoppedAt, request } = scan;
  if (request.descending) {
    return {
      updates,
      lowestPageOffsetExclusive: stoppedAt ?? low,
      highestPageOffsetInclusive: high,
      nextPageToken: stoppedAt === null ? null : encodeToken(stoppedAt),
    };
  }
  // Without an end, an ascending reader may always ask for what commits later.
  const open = request.endInclusive === null;
  const reached = stoppedAt ?? high;
  return {
    updates,
    lowestPageOffsetExclusive: low,
    highestPageOffsetInclusive: reached,
    nextPageToken: stoppedAt !== null || open ? encodeToken(reached) : null,
  };
}
