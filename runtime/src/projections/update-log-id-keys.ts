import type { LedgerRecord } from '@pocketnet/ledger';

/**
 * A restored update log finds an update by id without its records decoded: its state section
 * keeps a short key of each offset's update id (8 characters, not the id's 68), and a lookup
 * decodes only the records whose key matches, which are almost always just the one.
 */
const keyLength = 8;
/** A rejection's key: it has no update id, and no id's key has a dash. */
const noIdKey = '-'.repeat(keyLength);

/** An update id's key: its last characters, the end of a hash. */
export const idKeyOf = (updateId: string): string =>
  updateId.slice(-keyLength).padStart(keyLength, '-');

export const idKeysOf = (records: readonly LedgerRecord[]): string =>
  records
    .map((record) => (record.type === 'rejection' ? noIdKey : idKeyOf(record.updateId)))
    .join('');

/** The offsets whose update id has the key `key`, in `keys` (offset 1's key first). */
export function* offsetsWithIdKey(keys: string, key: string): Generator<number> {
  for (let at = keys.indexOf(key); at >= 0; at = keys.indexOf(key, at + 1)) {
    if (at % keyLength === 0) yield at / keyLength + 1;
  }
}
