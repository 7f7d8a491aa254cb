/** JSON the server serialised already: UTF-8 chunks to send one after another. */
export type JsonChunks = { readonly chunks: readonly Buffer[]; readonly length: number };

/**
 * Serialised JSON of rendered items, kept for the items read most recently up to a budget of
 * bytes: paging clients keep asking for the same recent pages, and serialising is most of what
 * a page costs. An item is keyed by its object (a record or a node, which never changes) and
 * the dialect it was rendered in.
 */
export type JsonFragmentCache<TKey extends object> = {
  /** The JSON of `key` in `dialect` (a string made once per request), if kept. */
  get(key: TKey, dialect: string): Buffer | undefined;
  /** Serialises `value` as the JSON of `key` in `dialect`, and keeps it. */
  put(key: TKey, dialect: string, value: unknown): Buffer;
  /** Bytes held. */
  size(): number;
};

type Entry = { readonly dialects: Map<string, Buffer>; used: boolean };

/**
 * CLOCK eviction (a second chance for entries read since they were last passed over): a hit
 * only sets a flag, where moving the entry to the back of the map cost more than the lookup.
 */
export function createJsonFragmentCache<TKey extends object>(
  maxBytes: number,
): JsonFragmentCache<TKey> {
  const entries = new Map<TKey, Entry>();
  let bytes = 0;
  const evict = () => {
    for (const [key, entry] of entries) {
      if (bytes <= maxBytes) return;
      entries.delete(key);
      if (entry.used) {
        entry.used = false;
        entries.set(key, entry);
        continue;
      }
      for (const fragment of entry.dialects.values()) bytes -= fragment.length;
    }
  };
  return {
    get(key, dialect) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entry.used = true;
      return entry.dialects.get(dialect);
    },
    put(key, dialect, value) {
      const fragment = Buffer.from(JSON.stringify(value), 'utf8');
      if (maxBytes <= 0) return fragment;
      const entry = entries.get(key);
      if (entry) entry.dialects.set(dialect, fragment);
      else entries.set(key, { dialects: new Map([[dialect, fragment]]), used: false });
      bytes += fragment.length;
      evict();
      return fragment;
    },
    size: () => bytes,
  };
}

/** One fragment as a whole answer. */
export const jsonChunksOf = (fragment: Buffer): JsonChunks => ({
  chunks: [fragment],
  length: fragment.length,
});

const comma = Buffer.from(',');

/**
 * One JSON object whose `field` is a list of serialised fragments, between other fields:
 * `{...before, field: [fragments], ...after}`, as bytes.
 */
export function jsonWithList(
  field: string,
  fragments: readonly Buffer[],
  fields: { readonly before?: object; readonly after?: object } = {},
): JsonChunks {
  const inner = (value: object | undefined) => {
    const text = JSON.stringify(value ?? {});
    return text === '{}' ? '' : text.slice(1, -1);
  };
  const before = inner(fields.before);
  const after = inner(fields.after);
  const head = Buffer.from(`{${before ? `${before},` : ''}${JSON.stringify(field)}:[`);
  const tail = Buffer.from(`]${after ? `,${after}` : ''}}`);
  const chunks: Buffer[] = [head];
  let length = head.length + tail.length;
  for (let index = 0; index < fragments.length; index++) {
    const fragment = fragments[index] as Buffer;
    if (index > 0) {
      chunks.push(comma);
      length += 1;
    }
    chunks.push(fragment);
    length += fragment.length;
  }
  chunks.push(tail);
  return { chunks, length };
}
