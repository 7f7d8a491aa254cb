const bigintTag = '$bigint';

function tagBigints(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? { [bigintTag]: value.toString() } : value;
}

function untagBigints(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const tagged = (value as Record<string, unknown>)[bigintTag];
  if (typeof tagged === 'string' && Object.keys(value).length === 1) return BigInt(tagged);
  return value;
}

/**
 * JSON for what crosses between processes, bigints (deduplication periods, ledger times)
 * keeping their type. Most values hold none: they take V8's fast path (no replacer, no reviver)
 * and are marked `P`; only a value holding a bigint pays for tagging and is marked `T`.
 */
export function encodeCrossProcess(value: unknown): string {
  try {
    return `P${JSON.stringify(value)}`;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return `T${JSON.stringify(value, tagBigints)}`;
  }
}

export function decodeCrossProcess<TValue>(text: string): TValue {
  const json = text.slice(1);
  return (text.startsWith('T') ? JSON.parse(json, untagBigints) : JSON.parse(json)) as TValue;
}
