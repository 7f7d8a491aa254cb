import { test as propTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isDomainError } from '../errors.ts';
import {
  addNumeric,
  compareNumeric,
  divideHalfEven,
  divNumeric,
  formatNumeric,
  maxNumeric,
  minNumeric,
  mulNumeric,
  numericFromInt,
  numericOne,
  parseNumeric,
  readNumeric,
  subNumeric,
} from './numeric.ts';

const limit = 10n ** 38n;
const anyNumeric = fc.bigInt({ min: -limit + 1n, max: limit - 1n });
const smallNumeric = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return isDomainError(error) ? error.code : 'not a DomainError';
  }
}

describe('parseNumeric', () => {
  test('reads decimal text, JSON numbers and exponents', () => {
    expect(parseNumeric('1')).toBe(numericOne);
    expect(parseNumeric('-0.5')).toBe(-numericOne / 2n);
    expect(parseNumeric('1e3')).toBe(1000n * numericOne);
    expect(parseNumeric('2.5E-3')).toBe(25n * 10n ** 6n);
    expect(parseNumeric(0.0000190259)).toBe(190259n);
    expect(parseNumeric('+7.')).toBe(7n * numericOne);
    expect(parseNumeric('1.00000000000000')).toBe(numericOne);
  });

  test('rejects more than ten fractional digits, out of range values and non-numbers', () => {
    expect(codeOf(() => parseNumeric('0.00000000001'))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => parseNumeric('1e28'))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => parseNumeric('abc'))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => parseNumeric(Number.NaN))).toBe('INVALID_ARGUMENT');
    expect(codeOf(() => parseNumeric('9999999999999999999999999999.9999999999'))).toBeUndefined();
  });

  test('reads other scales', () => {
    expect(parseNumeric('1.5', 2)).toBe(150n);
    expect(formatNumeric(150n, 2)).toBe('1.50');
    expect(formatNumeric(15n, 0)).toBe('15');
  });
});

describe('formatNumeric', () => {
  test('renders exactly ten fractional digits', () => {
    expect(formatNumeric(10000n * numericOne)).toBe('10000.0000000000');
    expect(formatNumeric(-5n)).toBe('-0.0000000005');
    expect(formatNumeric(0n)).toBe('0.0000000000');
  });

  propTest.prop([anyNumeric])('parse after format is the identity', (value) => {
    expect(parseNumeric(formatNumeric(value))).toBe(value);
  });
});

describe('arithmetic', () => {
  propTest.prop([smallNumeric, smallNumeric])('sub undoes add', (a, b) => {
    expect(subNumeric(addNumeric(a, b), b)).toBe(a);
  });

  propTest.prop([anyNumeric, anyNumeric])('compare agrees with the order of the text', (a, b) => {
    const order = compareNumeric(a, b);
    expect(order).toBe(a < b ? -1 : a > b ? 1 : 0);
    expect(compareNumeric(parseNumeric(formatNumeric(a)), parseNumeric(formatNumeric(b)))).toBe(
      order,
    );
    expect(minNumeric(a, b) <= maxNumeric(a, b)).toBe(true);
  });

  propTest.prop([smallNumeric, fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n })])(
    'mul rounds half-even to ten digits and stays within half a unit of the exact product',
    (a, b) => {
      const product = mulNumeric(a, b);
      const error = product * numericOne - a * b;
      expect(2n * (error < 0n ? -error : error) <= numericOne).toBe(true);
    },
  );

  test('rounds ties to the even neighbour', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n);
    expect(divideHalfEven(7n, 2n)).toBe(4n);
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(5n, -3n)).toBe(-2n);
    expect(mulNumeric(parseNumeric('0.0000000001'), parseNumeric('0.5'))).toBe(0n);
    expect(mulNumeric(parseNumeric('0.0000000003'), parseNumeric('0.5'))).toBe(2n);
    expect(formatNumeric(divNumeric(numericOne, 3n * numericOne))).toBe('0.3333333333');
    expect(formatNumeric(divNumeric(2n * numericOne, 3n * numericOne))).toBe('0.6666666667');
  });

  test('fails on overflow and division by zero as a Daml arithmetic error', () => {
    const big = parseNumeric('9999999999999999999999999999');
    expect(codeOf(() => addNumeric(big, numericOne))).toBe('DAML_INTERPRETATION_ERROR');
    expect(codeOf(() => mulNumeric(big, 2n * numericOne))).toBe('DAML_INTERPRETATION_ERROR');
    expect(codeOf(() => divNumeric(numericOne, 0n))).toBe('DAML_INTERPRETATION_ERROR');
    expect(numericFromInt(3)).toBe(3n * numericOne);
  });
});

describe('readNumeric: plain decimals', () => {
  const plain = fc
    .tuple(
      fc.boolean(),
      fc.stringMatching(/^\d{1,28}$/),
      fc.option(fc.stringMatching(/^\d{0,12}$/), { nil: undefined }),
    )
    .map(([negative, whole, fraction]) =>
      [negative ? '-' : '', whole, fraction === undefined ? '' : `.${fraction}`].join(''),
    );

  propTest.prop([plain])('read as the general form reads them (written with e0)', (text) => {
    expect(readNumeric(text)).toEqual(readNumeric(`${text}e0`));
  });

  test('other forms still go by the general pattern', () => {
    expect(readNumeric('1.')).toBe(10_000_000_000n);
    expect(readNumeric('+2.5')).toBe(25_000_000_000n);
    for (const bad of ['', '-', '.5', '1.2.3', '1-2', ' 1', '1 ', '--1']) {
      expect(typeof readNumeric(bad)).toBe('string');
    }
  });
});
