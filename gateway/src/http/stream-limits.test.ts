import { describe, expect, it } from 'vitest';
import { streamLimitsOf } from './stream-limits.ts';

describe('the stream limits', () => {
  it('bound all clients together to 256 MiB unless told otherwise', () => {
    expect(streamLimitsOf({ highWaterMark: 65_536 })).toEqual({
      highWaterMark: 65_536,
      stallTimeoutMs: 30_000,
      totalHighWaterMark: 256 * 1024 * 1024,
    });
    const small = { highWaterMark: 524_288, totalHighWaterMark: 1_048_576 };
    expect(streamLimitsOf(small).totalHighWaterMark).toBe(1_048_576);
  });

  it('refuse a total smaller than what one client may hold, or not a whole number', () => {
    const total = { highWaterMark: 1_048_576, totalHighWaterMark: 524_288 };
    expect(() => streamLimitsOf(total)).toThrow(/at least highWaterMark/);
    const fraction = { highWaterMark: 65_536, totalHighWaterMark: 1_048_576.5 };
    expect(() => streamLimitsOf(fraction)).toThrow(/"expected": "int"/);
  });
});
