import type { Numeric } from '@pocketnet/ledger';
import { defineChoice, mulNumeric, t } from '@pocketnet/ledger';
import { usdToAmulet } from '../../economy/conversions.ts';
import { optionalType } from '../../token-standard/optional-type.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';
import { requireDso } from '../support/checked-fetch.ts';
import { currentAmuletConfig } from '../support/config-values.ts';
import { requireDeadlineExceeded } from '../support/time.ts';
import { decimal, numeric } from '../support/values.ts';
import { featuredAppActivityMarker } from '../templates/featured-app.ts';
import { appRewardCoupon } from '../templates/reward-coupons.ts';
import { openMiningRound } from '../templates/rounds.ts';
import type { AmuletRules } from './amulet-rules-fields.ts';

type Grouped = {
  readonly provider: string;
  readonly beneficiary: string;
  readonly weight: Numeric;
};

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * AmuletRules_ConvertFeaturedAppActivityMarkers: SV automation turns markers into featured
 * AppRewardCoupons of `featuredAppActivityMarkerAmount / amuletPrice × weight`, one per
 * (provider, beneficiary), against an open round. Without a marker amount they are just archived.
 */
export const amuletRulesConvertFeaturedAppActivityMarkers = defineChoice({
  controllers: (rules: AmuletRules) => [rules.dso],
  observers: (_rules: AmuletRules, { observers }) => observers ?? [],
  consuming: false,
  argument: {
    markerCids: t.list(t.contractId(ids.featuredAppActivityMarker)),
    openMiningRoundCid: t.contractId(ids.openMiningRound),
    observers: optionalType(t.list(t.party())),
  },
  result: t.record(
    { appRewardCouponCids: t.list(t.contractId(ids.appRewardCoupon)) },
    'Splice.AmuletRules:AmuletRules_ConvertFeaturedAppActivityMarkersResult',
  ),
  body: (tx, self, { markerCids, openMiningRoundCid }) => {
    const { dso } = self.payload;
    const grouped = new Map<string, Grouped>();
    for (const cid of markerCids) {
      const marker = tx.fetch(featuredAppActivityMarker, cid);
      requireDso(tx, marker, dso, cid);
      tx.archive(featuredAppActivityMarker, cid);
      const key = JSON.stringify([marker.provider, marker.beneficiary]);
      const weight = (grouped.get(key)?.weight ?? 0n) + numeric(marker.weight);
      grouped.set(key, { provider: marker.provider, beneficiary: marker.beneficiary, weight });
    }
    const round = tx.fetch(openMiningRound, openMiningRoundCid);
    requireDso(tx, round, dso, openMiningRoundCid);
    requireDeadlineExceeded(tx, 'mining round is open: opensAt', round.opensAt);
    const markerAmount = currentAmuletConfig(
      self.payload.configSchedule,
    ).featuredAppActivityMarkerAmount;
    const perUnit =
      markerAmount === null ? 0n : usdToAmulet(numeric(markerAmount), numeric(round.amuletPrice));
    if (perUnit <= 0n) return { appRewardCouponCids: [] };
    const byParties = (a: Grouped, b: Grouped) =>
      a.provider === b.provider
        ? compareText(a.beneficiary, b.beneficiary)
        : compareText(a.provider, b.provider);
    const appRewardCouponCids = [...grouped.values()]
      .sort(byParties)
      .map(({ provider, beneficiary, weight }) => {
        const amount = decimal(mulNumeric(perUnit, weight));
        return tx.create(appRewardCoupon, {
          dso,
          provider,
          featured: true,
          amount,
          round: round.round,
          beneficiary,
        });
      });
    return { appRewardCouponCids };
  },
});
