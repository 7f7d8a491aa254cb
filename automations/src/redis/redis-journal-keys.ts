/**
 * Where a journal lives in Redis. One hash tag for every key, so that a Redis Cluster keeps them
 * in one slot and the append script may touch them all.
 */
export type RedisJournalKeys = {
  /** The stream of records: entry `n-0` holds the n-th record, field `r`, its JSON. */
  readonly entries: string;
  /** How many records the stream holds (the last entry's n), moved only by the append script. */
  readonly head: string;
  /** The fencing token: every writer that opens the journal takes the next one. */
  readonly epoch: string;
  /** The writer's announcement once it has recovered and serves commands (a JSON hash). */
  readonly writer: string;
};

export function redisJournalKeys(prefix: string): RedisJournalKeys {
  const base = `${prefix}:{journal}`;
  return {
    entries: `${base}:entries`,
    head: `${base}:head`,
    epoch: `${base}:epoch`,
    writer: `${base}:writer`,
  };
}

/** The stream id of the record at `position` (1-based), and back. */
export const entryIdOf = (position: number) => `${position}-0`;

export function positionOfEntryId(id: string): number {
  const position = Number.parseInt(id, 10);
  if (!Number.isSafeInteger(position) || id !== entryIdOf(position)) {
    throw new Error(`not a journal entry id: ${id}`);
  }
  return position;
}
