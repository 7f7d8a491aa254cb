import { fc, test } from '@fast-check/vitest';
import { parseNumeric } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { amuletPerUsd, amuletToUsd, scaleUsdToAmulet, usdToAmulet } from './conversions.ts';
import { transferPreapprovalFee } from './preapproval-fee.ts';
import { trafficCost } from './traffic.ts';

const n = (text: string) => parseNumeric(text);
const day = 86_400_000_000n;

describe('traffic cost, worked by hand', () => {
  it('prices 200 000 bytes at 16.67 USD/MB and 0.005 USD/CC as 3.334 USD, 666.8 CC', () => {
    // 200000 / 1e6 = 0.2 MB; 0.2 × 16.67 = 3.334 USD; 3.334 / 0.005 = 666.8 amulet.
    const cost = trafficCost({
      bytes: 200_000n,
      extraTrafficPriceUsdPerMegabyte: n('16.67'),
      amuletPrice: n('0.005'),
    });
    expect(cost).toEqual({ usd: n('3.334'), amulet: n('666.8') });
  });
});

describe('USD and amulet', () => {
  it('converts at the amulet price', () => {
    expect(usdToAmulet(n('1.0'), n('0.005'))).toBe(n('200'));
    expect(amuletToUsd(n('200'), n('0.005'))).toBe(n('1.0'));
    expect(amuletPerUsd(n('0.005'))).toBe(n('200'));
    expect(scaleUsdToAmulet(n('0.0000190259'), n('0.005'))).toBe(n('0.00380518'));
  });

  test.prop([
    fc.bigInt({ min: 1n, max: 10n ** 16n }),
    fc.bigInt({ min: 10n ** 6n, max: 10n ** 14n }),
  ])('a USD amount survives the round trip through amulet to within rounding', (usd, price) => {
    const back = amuletToUsd(usdToAmulet(usd, price), price);
    expect(back - usd).toBeLessThanOrEqual(price / 10n ** 10n + 1n);
    expect(usd - back).toBeLessThanOrEqual(price / 10n ** 10n + 1n);
  });
});

describe('TransferPreapproval fee', () => {
  it('is free for the first 90 days and $0.00274 a day after, in amulet', () => {
    expect(
      transferPreapprovalFee({ durationMicros: 90n * day, amuletPrice: n('0.005') }).amulet,
    ).toBe(0n);
    // 100 days: 10 paid days × 0.00274 = 0.0274 USD = 5.48 amulet at 0.005.
    expect(transferPreapprovalFee({ durationMicros: 100n * day, amuletPrice: n('0.005') })).toEqual(
      {
        usd: n('0.0274'),
        amulet: n('5.48'),
      },
    );
  });
});
