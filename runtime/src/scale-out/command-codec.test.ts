import { describe, expect, it } from 'vitest';
import { decodeCrossProcess, encodeCrossProcess } from './command-codec.ts';

describe('the cross-process codec', () => {
  it('round-trips plain JSON on the fast path', () => {
    const value = { a: [1, 'two', null, { three: true }] };
    const encoded = encodeCrossProcess(value);
    expect(encoded.startsWith('P')).toBe(true);
    expect(decodeCrossProcess(encoded)).toEqual(value);
  });

  it('keeps bigints as bigints, nested anywhere', () => {
    const value = {
      deduplicationPeriod: { kind: 'duration', micros: 604_800_000_000n },
      minLedgerTimeMicros: null,
      list: [1n, { deep: -42n }],
    };
    const encoded = encodeCrossProcess(value);
    expect(encoded.startsWith('T')).toBe(true);
    expect(decodeCrossProcess(encoded)).toEqual(value);
  });

  it('leaves an object that merely looks tagged but has other keys alone', () => {
    const value = { $bigint: '1', other: 2, n: 3n };
    expect(decodeCrossProcess(encodeCrossProcess(value))).toEqual(value);
  });
});
