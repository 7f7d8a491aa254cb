import type { TemplateDefinition, Typed } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { ansReferences } from '../ans/ans-config.ts';
import { livenessTotalKept, onlyConfirmedActions } from '../vocabulary/reasons-we-differ.ts';
import { soleConstructor } from '../vocabulary/sole-constructor.ts';
import { spliceDsoGovernance } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import type { AppTransferContext } from '../wallet-payments/amulet-types.ts';
import { amuletReferences, appTransferContextType } from '../wallet-payments/amulet-types.ts';
import { assertDeadlineExceeded } from '../wallet-payments/daml-support.ts';
import { paymentsReferences } from '../wallet-payments/payments-references.ts';
import { dsoTemplateId } from './dso-types.ts';

// Splice.DsoRules:ActionRequiringConfirmation, limited to the actions pocketnet's SV
// automation confirms: starting and archiving rounds, collecting or rejecting ANS initial
// payments, and granting or revoking featured-app rights.

type Case<TTag extends string, TValue> = { readonly tag: TTag; readonly value: TValue };

export type OpenMiningRoundSummary = {
  readonly totalValidatorRewardCoupons: string;
  readonly totalFeaturedAppRewardCoupons: string;
  readonly totalUnfeaturedAppRewardCoupons: string;
  readonly totalSvRewardWeight: string;
  readonly optTotalValidatorFaucetCoupons: string | null;
  readonly optTotalValidatorLivenessActivityRecords: string | null;
};

const summaryType: Typed<OpenMiningRoundSummary> = t.record(
  {
    totalValidatorRewardCoupons: t.numeric(10),
    totalFeaturedAppRewardCoupons: t.numeric(10),
    totalUnfeaturedAppRewardCoupons: t.numeric(10),
    totalSvRewardWeight: t.int64(),
    optTotalValidatorFaucetCoupons: t.optional(t.int64()),
    optTotalValidatorLivenessActivityRecords: t.optional(t.int64()),
  },
  'Splice.Issuance:OpenMiningRoundSummary',
);

type AnsPaymentArgument = {
  readonly paymentCid: string;
  readonly transferContext: AppTransferContext;
  readonly ansRulesCid: string;
};

export type ActionRequiringConfirmation =
  | Case<
      'ARC_DsoRules',
      {
        readonly dsoAction:
          | Case<'SRARC_GrantFeaturedAppRight', { readonly provider: string }>
          | Case<'SRARC_RevokeFeaturedAppRight', { readonly rightCid: string }>;
      }
    >
  | Case<
      'ARC_AmuletRules',
      {
        readonly amuletRulesAction:
          | Case<
              'CRARC_MiningRound_StartIssuing',
              { readonly miningRoundCid: string; readonly summary: OpenMiningRoundSummary }
            >
          | Case<'CRARC_MiningRound_Archive', { readonly closedRoundCid: string }>;
      }
    >
  | Case<
      'ARC_AnsEntryContext',
      {
        readonly ansEntryContextCid: string;
        readonly ansEntryContextAction:
          | Case<'ANSRARC_CollectInitialEntryPayment', AnsPaymentArgument>
          | Case<'ANSRARC_RejectEntryInitialPayment', AnsPaymentArgument>;
      }
    >
  | Case<
      'ExtActionRequiringConformation',
      { readonly dummyUnitField: Readonly<Record<string, never>> }
    >;

const ansPaymentArgument = (choice: string, payment: string) =>
  t.record(
    {
      paymentCid: t.contractId(payment),
      transferContext: appTransferContextType,
      ansRulesCid: t.contractId(ansReferences.ansRules),
    },
    `Splice.Ans:${choice}`,
  );

export const actionRequiringConfirmationType: Typed<ActionRequiringConfirmation> = t.variant(
  {
    ARC_DsoRules: t.record({
      dsoAction: t.variant({
        SRARC_GrantFeaturedAppRight: t.record(
          { provider: t.party() },
          'Splice.DsoRules:DsoRules_GrantFeaturedAppRight',
        ),
        SRARC_RevokeFeaturedAppRight: t.record(
          { rightCid: t.contractId(amuletReferences.featuredAppRight) },
          'Splice.DsoRules:DsoRules_RevokeFeaturedAppRight',
        ),
      }),
    }),
    ARC_AmuletRules: t.record({
      amuletRulesAction: t.variant({
        CRARC_MiningRound_StartIssuing: t.record(
          {
            miningRoundCid: t.contractId('#splice-amulet:Splice.Round:SummarizingMiningRound'),
            summary: summaryType,
          },
          'Splice.AmuletRules:AmuletRules_MiningRound_StartIssuing',
        ),
        CRARC_MiningRound_Archive: t.record(
          { closedRoundCid: t.contractId(amuletReferences.closedMiningRound) },
          'Splice.AmuletRules:AmuletRules_MiningRound_Archive',
        ),
      }),
    }),
    ARC_AnsEntryContext: t.record({
      ansEntryContextCid: t.contractId(ansReferences.ansEntryContext),
      ansEntryContextAction: t.variant({
        ANSRARC_CollectInitialEntryPayment: ansPaymentArgument(
          'AnsEntryContext_CollectInitialEntryPayment',
          paymentsReferences.subscriptionInitialPayment,
        ),
        ANSRARC_RejectEntryInitialPayment: ansPaymentArgument(
          'AnsEntryContext_RejectEntryInitialPayment',
          paymentsReferences.subscriptionInitialPayment,
        ),
      }),
    }),
    ExtActionRequiringConformation: t.record({ dummyUnitField: t.unit() }),
  },
  'Splice.DsoRules:ActionRequiringConfirmation',
);

/** Splice.DsoRules:Confirmation — one SV's confirmation of an action, valid until expiresAt. */
export const confirmation: TemplateDefinition = tiedToSplice(
  spliceDsoGovernance['Splice.DsoRules'].Confirmation,
  defineTemplate({
    id: dsoTemplateId('Splice.DsoRules', 'Confirmation'),
    fields: {
      dso: t.party(),
      confirmer: t.party(),
      action: actionRequiringConfirmationType,
      expiresAt: t.time(),
    },
    signatories: (confirmed) => [confirmed.dso],
    choices: (choice) => ({
      Confirmation_Expire: choice({
        controllers: (confirmed) => [confirmed.dso],
        argument: {},
        result: soleConstructor('Splice.DsoRules', 'Confirmation_ExpireResult'),
        body: (tx, self) => {
          assertDeadlineExceeded(tx, 'expiresAt', self.payload.expiresAt);
          return 'Confirmation_ExpireResult' as const;
        },
      }),
    }),
  }),
  {
    differs: {
      "payload.action|ARC_AmuletRules.amuletRulesAction|CRARC_AddFutureAmuletConfigSchedule: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_AmuletRules.amuletRulesAction|CRARC_RemoveFutureAmuletConfigSchedule: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_AmuletRules.amuletRulesAction|CRARC_SetConfig: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_AmuletRules.amuletRulesAction|CRARC_StartProcessingRewardsV2: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_AmuletRules.amuletRulesAction|CRARC_UpdateFutureAmuletConfigSchedule: a case of Splice's we lack":
        onlyConfirmedActions,
      'payload.action|ARC_AmuletRules.amuletRulesAction|CRARC_MiningRound_StartIssuing.summary.optTotalValidatorLivenessActivityRecords: a field Splice lacks':
        livenessTotalKept,
      "payload.action|ARC_DsoRules.dsoAction|SRARC_AddSv: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_DsoRules.dsoAction|SRARC_ConfirmSvOnboarding: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_DsoRules.dsoAction|SRARC_CreateBootstrapExternalPartyConfigStateInstruction: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_DsoRules.dsoAction|SRARC_CreateExternalPartyAmuletRules: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_DsoRules.dsoAction|SRARC_CreateTransferCommandCounter: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_DsoRules.dsoAction|SRARC_CreateUnallocatedUnclaimedActivityRecord: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_DsoRules.dsoAction|SRARC_OffboardSv: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_DsoRules.dsoAction|SRARC_SetConfig: a case of Splice's we lack":
        onlyConfirmedActions,
      "payload.action|ARC_DsoRules.dsoAction|SRARC_UpdateSvRewardWeight: a case of Splice's we lack":
        onlyConfirmedActions,
    },
  },
);
