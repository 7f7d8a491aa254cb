import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { formatNumeric, readNumeric } from '../numeric/numeric.ts';
import { readNumericValue } from './scalars.ts';

const slowPath = (input: string) => {
  const scaled = readNumeric(input, 10);
  return typeof scaled === 'string' ? scaled : formatNumeric(scaled, 10);
};

describe('the normalised Numeric fast path', () => {
  test.prop([fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n })])(
    'gives what parsing and formatting give, for every normalised Numeric 10',
    (units) => {
      const text = formatNumeric(units, 10);
      expect(readNumericValue(text, 'v', 10)).toBe(slowPath(text));
    },
  );

  test.prop([fc.stringMatching(/^-?\d{1,30}\.\d{9,11}$/)])(
    'agrees with the slow path on texts that only look normalised',
    (text) => {
      const fast = (() => {
        try {
          return readNumericValue(text, 'v', 10);
        } catch {
          return 'refused';
        }
      })();
      const slow = slowPath(text);
      expect(fast).toBe(slow.includes(' ') || !/^-?\d/.test(slow) ? 'refused' : slow);
    },
  );
});
