import { defineChoice, t } from '@pocketnet/ledger';
import { ansReferences } from '../ans/ans-config.ts';
import { soleConstructor } from '../vocabulary/sole-constructor.ts';
import { appTransferContextType } from '../wallet-payments/amulet-types.ts';
import { paymentsReferences } from '../wallet-payments/payments-references.ts';
import { textFieldOf } from '../wallet-payments/value-readers.ts';
import type { DsoRulesPayload } from './dso-types.ts';
import { svControllers, validateSvParty } from './dso-types.ts';

// The name-service upkeep SV automation drives through DsoRules: renewals, expiries and the
// termination of subscriptions that ended.

const cid = t.contractId;
const optionalSv = t.optional(t.party());
type Self = { readonly payload: DsoRulesPayload };

export const dsoAnsChoices = {
  DsoRules_CollectEntryRenewalPayment: defineChoice({
    controllers: svControllers,
    consuming: false,
    argument: {
      ansEntryContextCid: cid(ansReferences.ansEntryContext),
      choiceArg: t.record(
        {
          paymentCid: cid(paymentsReferences.subscriptionPayment),
          entryCid: cid(ansReferences.ansEntry),
          transferContext: appTransferContextType,
          ansRulesCid: cid(ansReferences.ansRules),
        },
        'Splice.Ans:AnsEntryContext_CollectEntryRenewalPayment',
      ),
      sv: optionalSv,
    },
    result: t.record({
      ansEntry: cid(ansReferences.ansEntry),
      subscriptionState: cid(paymentsReferences.subscriptionIdleState),
    }),
    body: (tx, self: Self, { ansEntryContextCid, choiceArg, sv }) => {
      validateSvParty(tx, self.payload, sv);
      const choice = 'AnsEntryContext_CollectEntryRenewalPayment';
      const summary = tx.exercise(
        ansReferences.ansEntryContext,
        ansEntryContextCid,
        choice,
        choiceArg,
      );
      return {
        ansEntry: textFieldOf(summary, 'entryCid'),
        subscriptionState: textFieldOf(summary, 'subscriptionStateCid'),
      };
    },
  }),
  DsoRules_ExpireAnsEntry: defineChoice({
    controllers: svControllers,
    consuming: false,
    argument: {
      ansEntryCid: cid(ansReferences.ansEntry),
      choiceArg: t.record({ actor: t.party() }, 'Splice.Ans:AnsEntry_Expire'),
      sv: optionalSv,
    },
    result: soleConstructor('Splice.DsoRules', 'DsoRules_ExpireAnsEntryResult'),
    body: (tx, self: Self, { ansEntryCid, choiceArg, sv }) => {
      validateSvParty(tx, self.payload, sv);
      tx.exercise(ansReferences.ansEntry, ansEntryCid, 'AnsEntry_Expire', choiceArg);
      return 'DsoRules_ExpireAnsEntryResult' as const;
    },
  }),
  DsoRules_ExpireSubscription: defineChoice({
    controllers: svControllers,
    consuming: false,
    argument: {
      ansEntryContextCid: cid(ansReferences.ansEntryContext),
      subscriptionIdleStateCid: cid(paymentsReferences.subscriptionIdleState),
      choiceArg: t.record(
        { actor: t.party() },
        'Splice.Wallet.Subscriptions:SubscriptionIdleState_ExpireSubscription',
      ),
      sv: optionalSv,
    },
    result: soleConstructor('Splice.DsoRules', 'DsoRules_ExpireSubscriptionResult'),
    body: (tx, self: Self, argument) => {
      validateSvParty(tx, self.payload, argument.sv);
      const result = tx.exercise(
        paymentsReferences.subscriptionIdleState,
        argument.subscriptionIdleStateCid,
        'SubscriptionIdleState_ExpireSubscription',
        argument.choiceArg,
      );
      tx.exercise(
        ansReferences.ansEntryContext,
        argument.ansEntryContextCid,
        'AnsEntryContext_Terminate',
        {
          actor: self.payload.dso,
          terminatedSubscriptionCid: textFieldOf(result, 'terminatedSubscription'),
        },
      );
      return 'DsoRules_ExpireSubscriptionResult' as const;
    },
  }),
  DsoRules_TerminateSubscription: defineChoice({
    controllers: svControllers,
    consuming: false,
    argument: {
      ansEntryContextCid: cid(ansReferences.ansEntryContext),
      terminatedSubscriptionCid: cid(paymentsReferences.terminatedSubscription),
      sv: optionalSv,
    },
    result: soleConstructor('Splice.DsoRules', 'DsoRules_TerminateSubscriptionResult'),
    body: (tx, self: Self, { ansEntryContextCid, terminatedSubscriptionCid, sv }) => {
      validateSvParty(tx, self.payload, sv);
      tx.exercise(ansReferences.ansEntryContext, ansEntryContextCid, 'AnsEntryContext_Terminate', {
        actor: self.payload.dso,
        terminatedSubscriptionCid,
      });
      return 'DsoRules_TerminateSubscriptionResult' as const;
    },
  }),
};
