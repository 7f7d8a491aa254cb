import type { Infer, Package } from '@pocketnet/ledger';
import { defineInterface, definePackage, t } from '@pocketnet/ledger';
import { spliceApiFeaturedAppV1 } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedInterfaceToSplice } from '../vocabulary/tied-to-splice.ts';

// `splice-api-featured-app-v1` 1.0.0, module Splice.Api.FeaturedAppRightV1: the API through
// which a featured app records activity other than amulet transfers. splice-amulet's
// FeaturedAppRight implements it by creating FeaturedAppActivityMarkers, which the DSO's
// automation turns into AppRewardCoupons.

export const featuredAppPackageName = 'splice-api-featured-app-v1';
const moduleName = 'Splice.Api.FeaturedAppRightV1';

export const featuredAppRightV1InterfaceId = `#${featuredAppPackageName}:${moduleName}:FeaturedAppRight`;
export const featuredAppActivityMarkerV1InterfaceId = `#${featuredAppPackageName}:${moduleName}:FeaturedAppActivityMarker`;

/** A share of an activity's reward: who may mint it, and its weight. */
export const appRewardBeneficiaryV1Type = t.record(
  { beneficiary: t.party(), weight: t.numeric(10) },
  `${moduleName}:AppRewardBeneficiary`,
);
export type AppRewardBeneficiaryV1 = Infer<typeof appRewardBeneficiaryV1Type>;

export const featuredAppRightViewType = t.record(
  { dso: t.party(), provider: t.party() },
  `${moduleName}:FeaturedAppRightView`,
);

export const featuredAppActivityMarkerViewType = t.record(
  { dso: t.party(), provider: t.party(), beneficiary: t.party(), weight: t.numeric(10) },
  `${moduleName}:FeaturedAppActivityMarkerView`,
);

export const createActivityMarkerResultType = t.record(
  { activityMarkerCids: t.list(t.contractId(featuredAppActivityMarkerV1InterfaceId)) },
  `${moduleName}:FeaturedAppRight_CreateActivityMarkerResult`,
);

/** A provider's right to record featured activity; its implementation sets the fair use. */
export const featuredAppRightV1Interface = tiedInterfaceToSplice(
  spliceApiFeaturedAppV1['Splice.Api.FeaturedAppRightV1'].FeaturedAppRight,
  defineInterface({
    id: { packageName: featuredAppPackageName, module: moduleName, entity: 'FeaturedAppRight' },
    view: featuredAppRightViewType,
    choices: (choice) => ({
      /** Records one activity, its reward split among the beneficiaries by weight. */
      FeaturedAppRight_CreateActivityMarker: choice({
        controllers: (view) => [view.provider],
        consuming: false,
        argument: { beneficiaries: t.list(appRewardBeneficiaryV1Type) },
        result: createActivityMarkerResultType,
      }),
    }),
  }),
  {},
);

/** A record of featured activity that is not an amulet transfer. */
export const featuredAppActivityMarkerV1Interface = tiedInterfaceToSplice(
  spliceApiFeaturedAppV1['Splice.Api.FeaturedAppRightV1'].FeaturedAppActivityMarker,
  defineInterface({
    id: {
      packageName: featuredAppPackageName,
      module: moduleName,
      entity: 'FeaturedAppActivityMarker',
    },
    view: featuredAppActivityMarkerViewType,
  }),
  {},
);

export const featuredAppApiPackage: Package = definePackage({
  name: featuredAppPackageName,
  version: '1.0.0',
  interfaces: [featuredAppRightV1Interface, featuredAppActivityMarkerV1Interface],
});
