import type { TransactionContext } from '@pocketnet/ledger';
import { defineChoice, t } from '@pocketnet/ledger';
import { ansReferences } from '../ans/ans-config.ts';
import { soleConstructor } from '../vocabulary/sole-constructor.ts';
import { amuletReferences } from '../wallet-payments/amulet-types.ts';
import {
  addRelTime,
  assertDeadlineExceeded,
  isBefore,
  require,
} from '../wallet-payments/daml-support.ts';
import { fieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import type { ActionRequiringConfirmation } from './confirmation.ts';
import { actionRequiringConfirmationType } from './confirmation.ts';
import type { DsoRulesPayload } from './dso-types.ts';
import {
  dsoReferences,
  isSv,
  requiredNumVotes,
  svControllers,
  validateSvParty,
} from './dso-types.ts';

const cid = t.contractId;
type Self = { readonly contractId: string; readonly payload: DsoRulesPayload };

/** Splice's `executeActionRequiringConfirmation` for the actions pocketnet confirms. */
function executeAction(
  tx: TransactionContext,
  self: Self,
  amuletRulesCid: string | null,
  action: ActionRequiringConfirmation,
): void {
  switch (action.tag) {
    case 'ARC_AmuletRules': {
      const rulesCid = amuletRulesCid ?? tx.fail('amuletRulesCid was not defined.');
      const { tag, value } = action.value.amuletRulesAction;
      const choice =
        tag === 'CRARC_MiningRound_StartIssuing'
          ? 'AmuletRules_MiningRound_StartIssuing'
          : 'AmuletRules_MiningRound_Archive';
      tx.exercise(amuletReferences.amuletRules, rulesCid, choice, value);
      return;
    }
    case 'ARC_DsoRules': {
      const { tag, value } = action.value.dsoAction;
      const choice =
        tag === 'SRARC_GrantFeaturedAppRight'
          ? 'DsoRules_GrantFeaturedAppRight'
          : 'DsoRules_RevokeFeaturedAppRight';
      tx.exercise(dsoReferences.dsoRules, self.contractId, choice, value);
      return;
    }
    case 'ARC_AnsEntryContext': {
      const { ansEntryContextCid, ansEntryContextAction } = action.value;
      const choice =
        ansEntryContextAction.tag === 'ANSRARC_CollectInitialEntryPayment'
          ? 'AnsEntryContext_CollectInitialEntryPayment'
          : 'AnsEntryContext_RejectEntryInitialPayment';
      tx.exercise(
        ansReferences.ansEntryContext,
        ansEntryContextCid,
        choice,
        ansEntryContextAction.value,
      );
      return;
    }
    case 'ExtActionRequiringConformation':
      return;
  }
}

/** Archives the confirmations, checking there are enough, from distinct SVs, for this action. */
function consumeConfirmations(
  tx: TransactionContext,
  rules: DsoRulesPayload,
  action: unknown,
  cids: readonly string[],
): void {
  require(tx, 'Enough confirmations', cids.length >= requiredNumVotes(rules.svs.length));
  const confirmers = new Set<string>();
  for (const confirmationCid of cids) {
    const confirmation = tx.fetch(dsoReferences.confirmation, confirmationCid);
    tx.archive(dsoReferences.confirmation, confirmationCid);
    const confirmer = textFieldOf(confirmation, 'confirmer');
    require(tx, 'matching DSO party', textFieldOf(confirmation, 'dso') === rules.dso);
    require(tx, 'Confirmer is an SV', isSv(rules, confirmer));
    require(tx, 'Confirmed action matches', JSON.stringify(fieldOf(confirmation, 'action')) ===
      JSON.stringify(action));
    require(tx, 'Confirmation has not expired', isBefore(
      tx.now(),
      textFieldOf(confirmation, 'expiresAt'),
    ));
    require(tx, 'No duplicate confirmers', !confirmers.has(confirmer));
    confirmers.add(confirmer);
  }
}

export const dsoGovernanceChoices = {
  DsoRules_ConfirmAction: defineChoice({
    controllers: (_rules: DsoRulesPayload, { confirmer }) => [confirmer],
    consuming: false,
    argument: { confirmer: t.party(), action: actionRequiringConfirmationType },
    result: t.record({ confirmation: cid(dsoReferences.confirmation) }),
    body: (tx, self, { confirmer, action }) => {
      require(tx, 'Confirmer is an SV', isSv(self.payload, confirmer));
      const expiresAt = addRelTime(tx.now(), self.payload.config.actionConfirmationTimeout);
      const dso = self.payload.dso;
      return {
        confirmation: tx.create(dsoReferences.confirmation, { dso, confirmer, action, expiresAt }),
      };
    },
  }),
  DsoRules_ExecuteConfirmedAction: defineChoice({
    controllers: svControllers,
    consuming: false,
    argument: {
      action: actionRequiringConfirmationType,
      amuletRulesCid: t.optional(cid(amuletReferences.amuletRules)),
      confirmationCids: t.list(cid(dsoReferences.confirmation)),
      sv: t.optional(t.party()),
    },
    result: t.record({}),
    body: (tx, self, { action, amuletRulesCid, confirmationCids, sv }) => {
      validateSvParty(tx, self.payload, sv);
      consumeConfirmations(tx, self.payload, action, confirmationCids);
      executeAction(tx, self, amuletRulesCid, action);
      return {};
    },
  }),
  DsoRules_GrantFeaturedAppRight: defineChoice({
    controllers: (rules: DsoRulesPayload) => [rules.dso],
    consuming: false,
    argument: { provider: t.party() },
    result: t.record({ featuredAppRight: cid(amuletReferences.featuredAppRight) }),
    body: (tx, self, { provider }) => ({
      featuredAppRight: tx.create(amuletReferences.featuredAppRight, {
        dso: self.payload.dso,
        provider,
      }),
    }),
  }),
  DsoRules_RevokeFeaturedAppRight: defineChoice({
    controllers: (rules: DsoRulesPayload) => [rules.dso],
    consuming: false,
    argument: { rightCid: cid(amuletReferences.featuredAppRight) },
    result: soleConstructor('Splice.DsoRules', 'DsoRules_RevokeFeaturedAppRightResult'),
    body: (tx, self, { rightCid }) => {
      const right = tx.fetch(amuletReferences.featuredAppRight, rightCid);
      require(tx, 'matching DSO party', textFieldOf(right, 'dso') === self.payload.dso);
      tx.exercise(amuletReferences.featuredAppRight, rightCid, 'FeaturedAppRight_Withdraw', {
        reason: 'revoked by governance decision',
      });
      return 'DsoRules_RevokeFeaturedAppRightResult' as const;
    },
  }),
  DsoRules_UpdateAmuletPriceVote: defineChoice({
    controllers: (_rules: DsoRulesPayload, { sv }) => [sv],
    consuming: false,
    argument: {
      sv: t.party(),
      voteCid: cid(dsoReferences.amuletPriceVote),
      amuletPrice: t.numeric(10),
    },
    result: t.record({ amuletPriceVote: cid(dsoReferences.amuletPriceVote) }),
    body: (tx, self, { sv, voteCid, amuletPrice }) => {
      const { dso, config } = self.payload;
      const past = tx.fetch(dsoReferences.amuletPriceVote, voteCid);
      require(tx, 'matching DSO party', textFieldOf(past, 'dso') === dso);
      require(tx, 'matching owner', textFieldOf(past, 'sv') === sv);
      tx.archive(dsoReferences.amuletPriceVote, voteCid);
      // Rate-limited so that an SV cannot stall round advancement by changing its vote.
      const cooldown = config.voteCooldownTime ?? { microseconds: '60000000' };
      assertDeadlineExceeded(
        tx,
        `voteCooldownTime for ${sv}`,
        addRelTime(textFieldOf(past, 'lastUpdatedAt'), cooldown),
      );
      const lastUpdatedAt = tx.now();
      return {
        amuletPriceVote: tx.create(dsoReferences.amuletPriceVote, {
          dso,
          sv,
          amuletPrice,
          lastUpdatedAt,
        }),
      };
    },
  }),
  DsoRules_OnboardValidator: defineChoice({
    controllers: (_rules: DsoRulesPayload, { sponsor }) => [sponsor],
    consuming: false,
    argument: {
      sponsor: t.party(),
      validator: t.party(),
      version: t.optional(t.text()),
      contactPoint: t.optional(t.text()),
    },
    result: t.record({
      validatorLicense: cid('#splice-amulet:Splice.ValidatorLicense:ValidatorLicense'),
    }),
    body: (tx, self, { sponsor, validator, version, contactPoint }) => {
      require(tx, 'Sponsor is an SV', isSv(self.payload, sponsor));
      const now = tx.now();
      const metadata =
        version === null ? null : { version, contactPoint: contactPoint ?? '', lastUpdatedAt: now };
      // splice-dso-governance 0.1.26 records the validator as its own sponsor (the SV's role
      // ends with the onboarding), as splice-amulet 0.1.20's license choices do.
      const license = {
        dso: self.payload.dso,
        sponsor: validator,
        validator,
        faucetState: null,
        metadata,
        lastActiveAt: now,
      };
      return {
        validatorLicense: tx.create(
          '#splice-amulet:Splice.ValidatorLicense:ValidatorLicense',
          license,
        ),
      };
    },
  }),
};
