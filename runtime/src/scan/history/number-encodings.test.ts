import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { decodeDeltas, decodeRuns, encodeDeltas, encodeRuns } from './number-encodings.ts';

// Increasing positive numbers, often a step of 1 apart, as record times and keys are.
const increasing = fc
  .array(fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 2 ** 40 })), { maxLength: 60 })
  .map((steps) => {
    let value = 0;
    return steps.map((step) => {
      value += step;
      return value;
    });
  });

describe('the history sections’ number encodings', () => {
  test.prop([increasing])('decode differences to the numbers encoded', (values) => {
    expect(decodeDeltas(encodeDeltas(values))).toEqual(values);
  });

  test.prop([increasing])('decode runs to the numbers encoded', (values) => {
    expect(decodeRuns(encodeRuns(values))).toEqual(values);
  });

  test.prop([fc.integer({ min: 1, max: 2 ** 50 }), fc.integer({ min: 2, max: 1000 })])(
    'keep a run of consecutive numbers as two numbers at most',
    (first, count) => {
      const values = Array.from({ length: count }, (_, index) => first + index);
      expect(encodeDeltas(values).length).toBeLessThanOrEqual(2);
      expect(encodeRuns(values)).toEqual([first, count]);
    },
  );
});
