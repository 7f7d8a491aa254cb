import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { optionalType } from '../../token-standard/optional-type.ts';
import { soleConstructor } from '../../vocabulary/sole-constructor.ts';
import { spliceAmulet } from '../../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../../vocabulary/tied-to-splice.ts';
import { amuletTemplateId, amuletTemplateIds } from '../amulet-references.ts';
import { requireDso } from '../support/checked-fetch.ts';
import { requireClosedRound } from '../support/round-checks.ts';
import { numeric } from '../support/values.ts';
import { roundType } from '../types/base-types.ts';
import { validatorRight } from './validator-right.ts';

// Reward coupons: signed by the DSO alone so that an offline beneficiary never holds up
// issuance; they mint as transfer inputs while their round issues, and expire once it closes.

const closedRoundArgument = { closedRoundCid: t.contractId(amuletTemplateIds.closedMiningRound) };
const positiveAmount = ({ amount }: { readonly amount: string }) =>
  numeric(amount) > 0n || 'amount must be positive';

/** App activity recorded for a provider (and the beneficiary that may mint it). */
export const appRewardCoupon = tiedToSplice(
  spliceAmulet['Splice.Amulet'].AppRewardCoupon,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'AppRewardCoupon'),
    fields: {
      dso: t.party(),
      provider: t.party(),
      featured: t.bool(),
      amount: t.numeric(10),
      round: roundType,
      beneficiary: optionalType(t.party()),
    },
    signatories: ({ dso }) => [dso],
    observers: ({ provider, beneficiary }) =>
      beneficiary === null ? [provider] : [provider, beneficiary],
    ensure: positiveAmount,
    choices: (choice) => ({
      AppRewardCoupon_DsoExpire: choice({
        controllers: ({ dso }) => [dso],
        argument: closedRoundArgument,
        result: t.record(
          { featured: t.bool(), amount: t.numeric(10) },
          'Splice.Amulet:AppRewardCoupon_DsoExpireResult',
        ),
        body: (tx, self, { closedRoundCid }) => {
          requireClosedRound(tx, self.payload, closedRoundCid);
          return { featured: self.payload.featured, amount: self.payload.amount };
        },
      }),
    }),
  }),
  {},
);
export type AppRewardCoupon = PayloadOf<typeof appRewardCoupon>;

/** Validator activity of a user, minted by the user's validator through a ValidatorRight. */
export const validatorRewardCoupon = tiedToSplice(
  spliceAmulet['Splice.Amulet'].ValidatorRewardCoupon,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'ValidatorRewardCoupon'),
    fields: { dso: t.party(), user: t.party(), amount: t.numeric(10), round: roundType },
    signatories: ({ dso }) => [dso],
    observers: ({ user }) => [user],
    ensure: positiveAmount,
    choices: (choice) => ({
      ValidatorRewardCoupon_DsoExpire: choice({
        controllers: ({ dso }) => [dso],
        argument: closedRoundArgument,
        result: t.record(
          { amount: t.numeric(10) },
          'Splice.Amulet:ValidatorRewardCoupon_DsoExpireResult',
        ),
        body: (tx, self, { closedRoundCid }) => {
          requireClosedRound(tx, self.payload, closedRoundCid);
          return { amount: self.payload.amount };
        },
      }),
      ValidatorRewardCoupon_ArchiveAsValidator: choice({
        controllers: ({ dso }, { validator }) => [dso, validator],
        argument: {
          validator: t.party(),
          rightCid: t.contractId(amuletTemplateIds.validatorRight),
        },
        result: t.record({}, 'Splice.Amulet:ValidatorRewardCoupon_ArchiveAsValidatorResult'),
        body: (tx, self, { validator, rightCid }) => {
          const right = tx.fetch(validatorRight, rightCid);
          requireDso(tx, right, self.payload.dso, rightCid);
          if (right.validator !== validator || right.user !== self.payload.user) {
            tx.fail(
              `ValidatorRight ${rightCid} is not of validator ${validator} for user ${self.payload.user}`,
            );
          }
          return {};
        },
      }),
    }),
  }),
  {},
);
export type ValidatorRewardCoupon = PayloadOf<typeof validatorRewardCoupon>;

/** A beneficiary's share, by weight, of an SV's issuance for a round. */
export const svRewardCoupon = tiedToSplice(
  spliceAmulet['Splice.Amulet'].SvRewardCoupon,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'SvRewardCoupon'),
    fields: {
      dso: t.party(),
      sv: t.party(),
      beneficiary: t.party(),
      round: roundType,
      weight: t.int64(),
    },
    signatories: ({ dso }) => [dso],
    observers: ({ beneficiary, sv }) => [beneficiary, sv],
    ensure: ({ weight }) => BigInt(weight) > 0n || 'weight must be positive',
    choices: (choice) => ({
      SvRewardCoupon_DsoExpire: choice({
        controllers: ({ dso }) => [dso],
        argument: closedRoundArgument,
        result: t.record({ weight: t.int64() }, 'Splice.Amulet:SvRewardCoupon_DsoExpireResult'),
        body: (tx, self, { closedRoundCid }) => {
          requireClosedRound(tx, self.payload, closedRoundCid);
          return { weight: self.payload.weight };
        },
      }),
      SvRewardCoupon_ArchiveAsBeneficiary: choice({
        controllers: ({ beneficiary }) => [beneficiary],
        argument: {},
        result: soleConstructor('Splice.Amulet', 'SvRewardCoupon_ArchiveAsBeneficiaryResult'),
        body: () => 'SvRewardCoupon_ArchiveAsBeneficiaryResult' as const,
      }),
    }),
  }),
  {},
);
export type SvRewardCoupon = PayloadOf<typeof svRewardCoupon>;
