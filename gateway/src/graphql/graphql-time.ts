import { DomainError } from '@pocketnet/ledger';

/** Microseconds since the epoch of an ISO-8601 instant, keeping digits below the millisecond. */
export function microsOfTimestamp(timestamp: string): bigint {
  const millis = Date.parse(timestamp);
  if (Number.isNaN(millis)) {
    throw new DomainError('INVALID_ARGUMENT', `Not an ISO-8601 instant: ${timestamp}`);
  }
  const fraction = /\.(\d+)/.exec(timestamp)?.[1] ?? '';
  const belowMillis = fraction.length > 3 ? BigInt(fraction.slice(3, 6).padEnd(3, '0')) : 0n;
  return BigInt(millis) * 1000n + belowMillis;
}
