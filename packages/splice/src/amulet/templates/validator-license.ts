import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { optionalType } from '../../token-standard/optional-type.ts';
import { soleConstructor } from '../../vocabulary/sole-constructor.ts';
import { spliceAmulet } from '../../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../../vocabulary/tied-to-splice.ts';
import { amuletTemplateId, amuletTemplateIds } from '../amulet-references.ts';
import {
  recordLivenessActivity,
  reportLicenseActive,
  updateLicenseMetadata,
} from '../support/liveness-activity.ts';
import { requireClosedRound } from '../support/round-checks.ts';
import { roundType } from '../types/base-types.ts';

const licenseModule = 'Splice.ValidatorLicense';

export const faucetStateType = t.record(
  { firstReceivedFor: roundType, lastReceivedFor: roundType, numCouponsMissed: t.int64() },
  `${licenseModule}:FaucetState`,
);

const licenseMetadataType = t.record(
  { lastUpdatedAt: t.time(), version: t.text(), contactPoint: t.text() },
  `${licenseModule}:ValidatorLicenseMetadata`,
);

/** A validator's liveness in one round: minted as a transfer input at the faucet rate. */
export const validatorLivenessActivityRecord = tiedToSplice(
  spliceAmulet['Splice.ValidatorLicense'].ValidatorLivenessActivityRecord,
  defineTemplate({
    id: amuletTemplateId(licenseModule, 'ValidatorLivenessActivityRecord'),
    fields: { dso: t.party(), validator: t.party(), round: roundType },
    signatories: ({ dso }) => [dso],
    observers: ({ validator }) => [validator],
    choices: (choice) => ({
      ValidatorLivenessActivityRecord_DsoExpire: choice({
        controllers: ({ dso }) => [dso],
        argument: { closedRoundCid: t.contractId(amuletTemplateIds.closedMiningRound) },
        result: soleConstructor(licenseModule, 'ValidatorLivenessActivityRecord_DsoExpireResult'),
        body: (tx, self, { closedRoundCid }) => {
          requireClosedRound(tx, self.payload, closedRoundCid);
          return 'ValidatorLivenessActivityRecord_DsoExpireResult' as const;
        },
      }),
    }),
  }),
  {},
);
export type ValidatorLivenessActivityRecord = PayloadOf<typeof validatorLivenessActivityRecord>;

const licenseFields = {
  validator: t.party(),
  sponsor: t.party(),
  dso: t.party(),
  faucetState: optionalType(faucetStateType),
  metadata: optionalType(licenseMetadataType),
  lastActiveAt: optionalType(t.time()),
};

const licenseResult = (name: string) =>
  t.record(
    { licenseCid: t.contractId(amuletTemplateIds.validatorLicense) },
    `${licenseModule}:${name}`,
  );

const maxIdentifierLength = 255;
const validMetadata = ({
  metadata,
}: {
  readonly metadata: { version: string; contactPoint: string } | null;
}) =>
  metadata === null ||
  (metadata.version.length <= maxIdentifierLength &&
    metadata.contactPoint.length <= maxIdentifierLength) ||
  'version and contactPoint are at most 255 characters';

/** What makes a party an onboarded validator; signed by the DSO alone. */
export const validatorLicense = tiedToSplice(
  spliceAmulet['Splice.ValidatorLicense'].ValidatorLicense,
  defineTemplate({
    id: amuletTemplateId(licenseModule, 'ValidatorLicense'),
    fields: licenseFields,
    signatories: ({ dso }) => [dso],
    observers: ({ validator }) => [validator],
    ensure: validMetadata,
    choices: (choice) => ({
      /** Once per round: renews the license and records the validator's liveness. */
      ValidatorLicense_RecordValidatorLivenessActivity: choice({
        controllers: ({ validator }) => [validator],
        argument: { openRoundCid: t.contractId(amuletTemplateIds.openMiningRound) },
        result: t.record(
          {
            licenseCid: t.contractId(amuletTemplateIds.validatorLicense),
            couponCid: t.contractId(amuletTemplateIds.validatorLivenessActivityRecord),
          },
          `${licenseModule}:ValidatorLicense_RecordValidatorLivenessActivityResult`,
        ),
        body: (tx, self, { openRoundCid }) =>
          recordLivenessActivity(tx, self.payload, openRoundCid),
      }),
      ValidatorLicense_UpdateMetadata: choice({
        controllers: ({ validator }) => [validator],
        argument: { version: t.text(), contactPoint: t.text() },
        result: licenseResult('ValidatorLicense_UpdateMetadataResult'),
        body: (tx, self, update) => ({
          licenseCid: updateLicenseMetadata(tx, self.payload, update),
        }),
      }),
      ValidatorLicense_ReportActive: choice({
        controllers: ({ validator }) => [validator],
        argument: {},
        result: licenseResult('ValidatorLicense_ReportActiveResult'),
        body: (tx, self) => ({ licenseCid: reportLicenseActive(tx, self.payload) }),
      }),
      ValidatorLicense_Withdraw: choice({
        controllers: ({ dso }) => [dso],
        argument: { reason: t.text() },
        result: soleConstructor(licenseModule, 'ValidatorLicense_WithdrawResult'),
        body: () => 'ValidatorLicense_WithdrawResult' as const,
      }),
      ValidatorLicense_Cancel: choice({
        controllers: ({ validator }) => [validator],
        argument: { reason: t.text() },
        result: soleConstructor(licenseModule, 'ValidatorLicense_CancelResult'),
        body: () => 'ValidatorLicense_CancelResult' as const,
      }),
    }),
  }),
  {
    lacks: {
      ValidatorLicense_ReceiveFaucetCoupon:
        'validator faucet coupons are superseded by liveness activity records, which is what we record',
    },
  },
);
export type ValidatorLicense = PayloadOf<typeof validatorLicense>;
