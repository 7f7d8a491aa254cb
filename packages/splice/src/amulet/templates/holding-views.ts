import type { HoldingView } from '../../token-standard/holding-v1.ts';
import { metaKeys } from '../support/meta.ts';
import { numeric, showDecimal } from '../support/values.ts';
import type { ExpiringAmountValue, TimeLock } from '../types/base-types.ts';

// The token-standard HoldingV1 view of amulets: instrument `{admin: dso, id: "Amulet"}`, the
// initial amount (holding fees are not deducted), and the round data as metadata.

type AmuletFields = {
  readonly dso: string;
  readonly owner: string;
  readonly amount: ExpiringAmountValue;
};

export const amuletInstrumentName = 'Amulet';

function amuletMetadata(amount: ExpiringAmountValue) {
  return {
    values: {
      [metaKeys.createdInRound]: amount.createdAt.number,
      [metaKeys.ratePerRound]: showDecimal(numeric(amount.ratePerRound.rate)),
    },
  };
}

export function amuletHoldingView(amulet: AmuletFields): HoldingView {
  return {
    owner: amulet.owner,
    instrumentId: { admin: amulet.dso, id: amuletInstrumentName },
    amount: amulet.amount.initialAmount,
    lock: null,
    meta: amuletMetadata(amulet.amount),
  };
}

export function lockedAmuletHoldingView(locked: {
  readonly amulet: AmuletFields;
  readonly lock: TimeLock;
}): HoldingView {
  return {
    ...amuletHoldingView(locked.amulet),
    lock: {
      holders: locked.lock.holders,
      expiresAt: locked.lock.expiresAt,
      expiresAfter: null,
      context: locked.lock.optContext,
    },
  };
}
