const unitMicros: Record<string, bigint> = {
  ms: 1_000n,
  s: 1_000_000n,
  m: 60_000_000n,
  h: 3_600_000_000n,
};

/** `10m`, `30s`, `1500ms`, `1h`: a positive duration in microseconds. */
export function parseDuration(text: string): bigint {
  const match = /^(\d+)(ms|s|m|h)$/.exec(text.trim());
  const unit = match?.[2] === undefined ? undefined : unitMicros[match[2]];
  if (!match?.[1] || unit === undefined || BigInt(match[1]) === 0n) {
    throw new Error(`invalid duration ${text}: use e.g. 10m, 30s, 1500ms`);
  }
  return BigInt(match[1]) * unit;
}
