import { invalidRequest } from './admin-errors.ts';

/** Canton's defaults, which the version service reports as the features' page limits. */
export const maxUsersPageSize = 1000;
export const maxPartiesPageSize = 10_000;

export type PageRequest = {
  readonly pageSize?: number | undefined;
  readonly pageToken?: string | undefined;
};

export type Page<TItem> = { readonly items: readonly TItem[]; readonly nextPageToken: string };

// The token is opaque to clients: the base64url of the last id on the page (exclusive bound).
export const encodePageToken = (lastId: string): string =>
  Buffer.from(lastId, 'utf8').toString('base64url');

export function decodePageToken(token: string | undefined): string | null {
  if (token === undefined || token === '') return null;
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw invalidRequest('Invalid page token');
  const decoded = Buffer.from(token, 'base64url').toString('utf8');
  if (decoded === '' || encodePageToken(decoded) !== token)
    throw invalidRequest('Invalid page token');
  return decoded;
}

/**
 * One page of `ids` (any order; paged in code-unit order), after the token's bound. A full
 * page gets a token even if nothing follows, as in Canton: the next call returns empty.
 */
export function pageOf(
  ids: Iterable<string>,
  pageSize: number,
  after: string | null,
): Page<string> {
  const sorted = [...ids].filter((id) => after === null || id > after).sort(compareIds);
  const items = sorted.slice(0, pageSize);
  const last = items.at(-1);
  const nextPageToken =
    items.length === pageSize && last !== undefined ? encodePageToken(last) : '';
  return { items, nextPageToken };
}

export const compareIds = (left: string, right: string): number =>
  left < right ? -1 : left > right ? 1 : 0;
