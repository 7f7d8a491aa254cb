import { z } from 'zod';

const unitMicros: Readonly<Record<string, bigint>> = {
  ms: 1_000n,
  s: 1_000_000n,
  m: 60_000_000n,
  h: 3_600_000_000n,
  d: 86_400_000_000n,
};

/** `10m`, `30s`, `1500ms`, `1h`, `90d`, or a number of seconds: a positive duration in µs. */
export const durationSchema = z.union([z.string(), z.number()]).transform((input, context) => {
  const text = typeof input === 'number' ? `${input}s` : input.trim();
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text);
  const unit = match?.[2] === undefined ? undefined : unitMicros[match[2]];
  if (match?.[1] === undefined || unit === undefined || BigInt(match[1]) === 0n) {
    context.addIssue({
      code: 'custom',
      message: `expected a positive duration such as 30s, 10m, 1h or 90d, got ${JSON.stringify(input)}`,
    });
    return z.NEVER;
  }
  return BigInt(match[1]) * unit;
});

const scale = 10n ** 10n;

/** A non-negative decimal (number or string) with at most 10 places, as Numeric 10 units. */
export const decimalSchema = z.union([z.string(), z.number()]).transform((input, context) => {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = /^(\d+)(?:\.(\d{1,10}))?$/.exec(text);
  if (match?.[1] === undefined) {
    context.addIssue({
      code: 'custom',
      message: `expected a non-negative decimal with at most 10 places, got ${JSON.stringify(input)}`,
    });
    return z.NEVER;
  }
  return BigInt(match[1]) * scale + BigInt((match[2] ?? '').padEnd(10, '0'));
});

/** A party id: `hint::fingerprint`. */
export const partySchema = z
  .string()
  .regex(/^[^:]+::[0-9a-f]+$/, 'expected a party id such as alice::1220…');

/** A positive whole number (bytes per second, counts). */
export const positiveIntegerSchema = z
  .union([z.number().int().positive(), z.string().regex(/^[1-9]\d*$/)])
  .transform((value) => BigInt(value));
