import { defaultStreamLimits, type StreamLimits } from '@pocketnet/gateway';
import { parseDuration } from './duration.ts';
import { StartOptionError } from './start-option-error.ts';

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

type Source = { readonly flag: string; readonly env: string };
type Given = { readonly text: string; readonly source: Source; readonly fromEnv: boolean };

const highWaterMarkSource: Source = {
  flag: '--stream-high-water-mark',
  env: 'POCKETNET_STREAM_HIGH_WATER_MARK',
};
const totalHighWaterMarkSource: Source = {
  flag: '--stream-total-high-water-mark',
  env: 'POCKETNET_STREAM_TOTAL_HIGH_WATER_MARK',
};
const stallTimeoutSource: Source = {
  flag: '--stream-stall-timeout',
  env: 'POCKETNET_STREAM_STALL_TIMEOUT',
};

/** The flag's value, else the environment's (set but empty counts as unset), else none. */
function givenValue(flag: string | undefined, source: Source, env: NodeJS.ProcessEnv) {
  if (flag !== undefined) return { text: flag, source, fromEnv: false };
  const fromEnv = env[source.env];
  return fromEnv ? { text: fromEnv, source, fromEnv: true } : null;
}

const refusal = ({ text, source, fromEnv }: Given, why: string) =>
  new StartOptionError(
    `invalid ${source.flag} ${text}${fromEnv ? ` (from ${source.env})` : ''}: ${why}`,
  );

function bytesOf(given: Given, atLeast: number, atLeastText: string): number {
  const bytes = parseByteSize(given.text);
  if (bytes === null) throw refusal(given, 'use a number of bytes, e.g. 65536, 64KiB or 4MiB');
  if (bytes < atLeast) throw refusal(given, `use at least ${atLeastText}`);
  return bytes;
}

function highWaterMarkOf(given: Given | null): number {
  if (given === null) return defaultStreamLimits.highWaterMark;
  return bytesOf(given, minHighWaterMark, '64KiB (65536 bytes)');
}

/** Unset, the default total, or the per-connection mark if that is larger. */
function totalHighWaterMarkOf(given: Given | null, highWaterMark: number): number {
  if (given === null) return Math.max(defaultStreamLimits.totalHighWaterMark, highWaterMark);
  return bytesOf(given, highWaterMark, `the per-connection mark (${highWaterMark} bytes)`);
}

function stallTimeoutMsOf(given: Given | null): number {
  if (given === null) return defaultStreamLimits.stallTimeoutMs;
  let micros: bigint;
  try {
    micros = parseDuration(given.text);
  } catch {
    throw refusal(given, 'use a duration, e.g. 30s, 200ms or 2m');
  }
  // The shortest unit is the millisecond, so this is exact.
  const ms = micros / 1000n;
  if (ms > BigInt(maxStallTimeoutMs)) throw refusal(given, 'use at most 2147483647ms (24 days)');
  return Number(ms);
}

/**
 * `--stream-high-water-mark` and `--stream-stall-timeout` (POCKETNET_STREAM_HIGH_WATER_MARK,
 * POCKETNET_STREAM_STALL_TIMEOUT): what one streaming connection may hold for a slow client
 * before it is paused, and how long it may stay so before it is cut off; and
 * `--stream-total-high-water-mark` (POCKETNET_STREAM_TOTAL_HIGH_WATER_MARK): what all of them
 * together may hold before the one holding most is cut off. The gateway's defaults (4 MiB,
 * 30 s, 256 MiB) where not given.
 */
export function streamLimitsOption(
  values: {
    readonly 'stream-high-water-mark'?: string | undefined;
    readonly 'stream-stall-timeout'?: string | undefined;
    readonly 'stream-total-high-water-mark'?: string | undefined;
  },
  env: NodeJS.ProcessEnv,
): StreamLimits {
  const highWaterMark = highWaterMarkOf(
    givenValue(values['stream-high-water-mark'], highWaterMarkSource, env),
  );
  return {
    highWaterMark,
    stallTimeoutMs: stallTimeoutMsOf(
      givenValue(values['stream-stall-timeout'], stallTimeoutSource, env),
    ),
    totalHighWaterMark: totalHighWaterMarkOf(
      givenValue(values['stream-total-high-water-mark'], totalHighWaterMarkSource, env),
      highWaterMark,
    ),
  };
}
