import type { StreamLimits } from '@pocketnet/gateway';
import { parseDuration } from './duration.ts';
import { type Given, refusal } from './options/option-table.ts';

/** The gateway's own floor (stream-limits.ts): under a socket's high-water mark it never drains. */
const minHighWaterMark = 64 * 1024;
/** Node fires a timer of more than 2^31 - 1 ms at once, which would cut off every slow client. */
const maxStallTimeoutMs = 2 ** 31 - 1;

const bytesPerUnit: Record<string, number> = {
  '': 1,
  b: 1,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/**
 * `65536`, `64KiB`, `4MiB`, `1GiB` (any case): a number of bytes, or null. Only binary units:
 * `64KB` could mean 64 000 or 65 536, so it is refused rather than guessed.
 */
export function parseByteSize(text: string): number | null {
  const match = /^(\d+)\s*([a-z]*)$/i.exec(text.trim());
  const factor = match?.[2] === undefined ? undefined : bytesPerUnit[match[2].toLowerCase()];
  if (!match?.[1] || factor === undefined) return null;
  const bytes = Number(match[1]) * factor;
  return Number.isSafeInteger(bytes) ? bytes : null;
}

/** A stream's high-water mark: bytes, at least the gateway's floor. */
export function streamByteSize(text: string): string | null {
  const bytes = parseByteSize(text);
  if (bytes === null) return 'use a number of bytes, e.g. 65536, 64KiB or 4MiB';
  return bytes < minHighWaterMark ? 'use at least 64KiB (65536 bytes)' : null;
}

/** A package upload's limit: bytes, more than none. */
export function uploadSize(text: string): string | null {
  const bytes = parseByteSize(text);
  return bytes === null || bytes === 0 ? 'use a number of bytes, e.g. 10MiB, 64MiB or 1GiB' : null;
}

/** A stall timeout: a duration a Node timer can wait. */
export function stallTimeout(text: string): string | null {
  let micros: bigint;
  try {
    micros = parseDuration(text);
  } catch {
    return 'use a duration, e.g. 30s, 200ms or 2m';
  }
  return micros / 1000n > BigInt(maxStallTimeoutMs) ? 'use at most 2147483647ms (24 days)' : null;
}

/**
 * `--stream-high-water-mark` and `--stream-stall-timeout`: what one streaming connection may
 * hold for a slow client before it is paused, and how long it may stay so before it is cut off;
 * `--stream-total-high-water-mark`: what all of them together may hold before the one holding
 * most is cut off, the per-connection mark at least (raised to it when not given).
 */
export function streamLimitsOption(given: {
  readonly highWaterMark: Given;
  readonly stallTimeout: Given;
  readonly totalHighWaterMark: Given;
}): StreamLimits {
  const highWaterMark = parseByteSize(given.highWaterMark.text) ?? 0;
  const total = parseByteSize(given.totalHighWaterMark.text) ?? 0;
  if (given.totalHighWaterMark.from !== 'default' && total < highWaterMark) {
    throw refusal(
      given.totalHighWaterMark,
      `use at least the per-connection mark (${highWaterMark} bytes)`,
    );
  }
  return {
    highWaterMark,
    // The shortest unit is the millisecond, so this is exact.
    stallTimeoutMs: Number(parseDuration(given.stallTimeout.text) / 1000n),
    totalHighWaterMark: Math.max(total, highWaterMark),
  };
}
