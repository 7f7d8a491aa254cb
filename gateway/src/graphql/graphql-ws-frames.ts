/** A result as graphql-ws hands it to `onNext` (its own type, errors included). */
type Result = { readonly errors?: unknown };

const marker = '\u0000';
const quotedMarker = JSON.stringify(marker);

/**
 * Serialises a shared subscription result once for all its subscribers. graphql-ws builds each
 * `next` frame with `JSON.stringify(message, replacer)` per subscriber; here `onNext` hands it
 * the result itself, the replacer puts a marker where the payload goes (remembering the
 * result's JSON, computed on first use), and the socket's `send`, which graphql-ws calls right
 * after stringifying, puts the JSON in place of the marker. Results with errors take the
 * ordinary path.
 */
export function createFrameCache() {
  const texts = new WeakMap<object, string>();
  let pending: string | null = null;
  return {
    /** For graphql-ws's `onNext`: the payload to send, or undefined for its own. */
    payloadOf<TResult extends Result>(result: TResult): TResult | undefined {
      if (result.errors !== undefined) return undefined;
      if (!texts.has(result)) texts.set(result, JSON.stringify(result));
      return result;
    },
    /** For graphql-ws's `jsonMessageReplacer`. */
    replacer(key: string, value: unknown): unknown {
      if (key !== 'payload' || typeof value !== 'object' || value === null) return value;
      const text = texts.get(value);
      if (text === undefined) return value;
      pending = text;
      return marker;
    },
    /** The frame to write: `data` with the remembered payload in place of its marker. */
    frameOf(data: string): string {
      if (pending === null) return data;
      const text = pending;
      pending = null;
      const at = data.lastIndexOf(quotedMarker);
      return at < 0 ? data : `${data.slice(0, at)}${text}${data.slice(at + quotedMarker.length)}`;
    },
  };
}

export type FrameCache = ReturnType<typeof createFrameCache>;
