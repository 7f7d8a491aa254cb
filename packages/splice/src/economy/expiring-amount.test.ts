import { fc, test } from '@fast-check/vitest';
import { parseNumeric } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { scaleUsdToAmulet } from './conversions.ts';
import type { ExpiringAmount } from './expiring-amount.ts';
import {
  accruedHoldingFee,
  effectiveAmount,
  expiryRound,
  isExpired,
  valueAsOfRound0,
} from './expiring-amount.ts';
import { defaultHoldingFeeUsdPerRound } from './holding-fee.ts';

const n = (text: string) => parseNumeric(text);
const tick = 600_000_000n;

describe('the holding fee, worked by hand', () => {
  // $1 per amulet per year at 52 560 ten-minute rounds: 1 / 52560 = 0.00001902587519… USD per
  // round, 0.0000190259 at Numeric 10. At $0.005 per amulet that is (1 / 0.005) × 0.0000190259
  // = 200 × 0.0000190259 = 0.0038051800 amulet per round.
  const rate = scaleUsdToAmulet(defaultHoldingFeeUsdPerRound(tick), n('0.005'));
  const coin: ExpiringAmount = { initialAmount: n('1.0'), createdAt: 10n, ratePerRound: rate };

  it('charges 0.0000190259 USD, 0.00380518 amulet, per round', () => {
    expect(defaultHoldingFeeUsdPerRound(tick)).toBe(n('0.0000190259'));
    expect(rate).toBe(n('0.00380518'));
  });

  it('accrues (round − createdAt) × rate: 100 rounds after round 10 cost 0.380518', () => {
    expect(accruedHoldingFee(coin, 10n)).toBe(0n);
    expect(accruedHoldingFee(coin, 110n)).toBe(n('0.380518'));
    expect(effectiveAmount(coin, 110n)).toBe(n('0.619482'));
  });

  it('never charges more than the amount: at round 300, 290 × 0.00380518 > 1.0', () => {
    expect(accruedHoldingFee(coin, 300n)).toBe(n('1.0'));
    expect(effectiveAmount(coin, 300n)).toBe(0n);
  });

  it('expires at createdAt + ceil(initial / rate): 1.0 / 0.00380518 = 262.7996… so round 273', () => {
    expect(expiryRound(coin)).toBe(273n);
    expect(isExpired(coin, 272n)).toBe(false);
    expect(isExpired(coin, 273n)).toBe(true);
  });

  it('normalises to round zero as initial + rate × createdAt = 1.0380518', () => {
    expect(valueAsOfRound0(coin)).toBe(n('1.0380518'));
  });

  it('never expires at a zero rate', () => {
    expect(expiryRound({ ...coin, ratePerRound: 0n })).toBeNull();
    expect(isExpired({ ...coin, ratePerRound: 0n }, 10n ** 12n)).toBe(false);
  });
});

const amounts = fc.bigInt({ min: 1n, max: 10n ** 20n });
const rates = fc.bigInt({ min: 1n, max: 10n ** 12n });
const rounds = fc.bigInt({ min: 0n, max: 10n ** 7n });

describe('holding fee laws', () => {
  test.prop([amounts, rates, rounds, rounds])(
    'the fee grows with the round and stays within the amount',
    (initialAmount, ratePerRound, createdAt, later) => {
      const coin = { initialAmount, ratePerRound, createdAt };
      const fee = accruedHoldingFee(coin, createdAt + later);
      expect(fee).toBeGreaterThanOrEqual(0n);
      expect(fee).toBeLessThanOrEqual(initialAmount);
      expect(accruedHoldingFee(coin, createdAt + later + 1n)).toBeGreaterThanOrEqual(fee);
    },
  );

  test.prop([amounts, rates, rounds])(
    'an amulet is expired exactly from its expiry round on, when the fee has (nearly) eaten it',
    (initialAmount, ratePerRound, createdAt) => {
      const coin = { initialAmount, ratePerRound, createdAt };
      const expiresAt = expiryRound(coin);
      expect(expiresAt).not.toBeNull();
      if (expiresAt === null) return;
      expect(isExpired(coin, expiresAt)).toBe(true);
      expect(isExpired(coin, expiresAt - 1n)).toBe(false);
      // The quotient is rounded before the ceiling, as in Daml, so the fee at expiry may fall
      // short of the amount by at most one rate's rounding.
      expect(accruedHoldingFee(coin, expiresAt) + ratePerRound).toBeGreaterThanOrEqual(
        initialAmount,
      );
    },
  );
});
