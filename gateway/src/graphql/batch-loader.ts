/** Loads many keys at once: a value (or an Error) per key, in the keys' order. */
export type BatchLoad<TKey, TValue> = (
  keys: readonly TKey[],
) => readonly (TValue | Error)[] | Promise<readonly (TValue | Error)[]>;

export type BatchLoader<TKey, TValue> = {
  load(key: TKey): Promise<TValue>;
};

/**
 * A per-request loader in DataLoader's manner: every `load` made while a GraphQL execution
 * walks one level of the result is answered by a single call of `batch`, and a key asked for
 * twice in it is loaded once. Nothing is kept after a batch: a subscription's context lives
 * as long as the subscription, and each of its events must read the ledger as it is then.
 */
export function createBatchLoader<TKey, TValue>(
  batch: BatchLoad<TKey, TValue>,
  keyOf: (key: TKey) => string = String,
): BatchLoader<TKey, TValue> {
  const cache = new Map<string, Promise<TValue>>();
  let pending: Array<{
    key: TKey;
    resolve: (value: TValue) => void;
    reject: (error: unknown) => void;
  }> = [];
  const dispatch = async () => {
    const queued = pending;
    pending = [];
    cache.clear();
    try {
      const values = await batch(queued.map((entry) => entry.key));
      queued.forEach((entry, index) => {
        const value = values[index];
        if (value instanceof Error) entry.reject(value);
        else if (index >= values.length) entry.reject(new Error('a batch answered too few keys'));
        else entry.resolve(value as TValue);
      });
    } catch (error) {
      for (const entry of queued) entry.reject(error);
    }
  };
  return {
    load(key) {
      const id = keyOf(key);
      const cached = cache.get(id);
      if (cached !== undefined) return cached;
      const loaded = new Promise<TValue>((resolve, reject) => {
        pending.push({ key, resolve, reject });
        // After the promise jobs of this turn (the sibling fields' resolvers), as DataLoader does.
        if (pending.length === 1) {
          void Promise.resolve().then(() => process.nextTick(() => void dispatch()));
        }
      });
      cache.set(id, loaded);
      return loaded;
    },
  };
}
