import { formatNumeric } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { tapAmountOf } from './balance.service.ts';

describe('tapAmountOf', () => {
  it('converts USD to amulet at the price, exactly when it divides', () => {
    expect(formatNumeric(tapAmountOf('1', '0.005'))).toBe('200.0000000000');
    expect(formatNumeric(tapAmountOf('12.5', '0.005'))).toBe('2500.0000000000');
  });

  it('rounds up, at the scale the USD amount was written with', () => {
    expect(formatNumeric(tapAmountOf('1', '0.003'))).toBe('334.0000000000');
    expect(formatNumeric(tapAmountOf('1.0', '0.003'))).toBe('333.4000000000');
    expect(formatNumeric(tapAmountOf('1.0000000000', '0.003'))).toBe('333.3333333334');
  });
});
