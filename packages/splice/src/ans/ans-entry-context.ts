import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceAmuletNameService } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { amuletCreateSummaryType } from '../wallet-payments/amulet-results.ts';
import { appTransferContextType } from '../wallet-payments/amulet-types.ts';
import { require } from '../wallet-payments/daml-support.ts';
import { paymentsReferences } from '../wallet-payments/payments-references.ts';
import { fieldOf, readAs, textFieldOf } from '../wallet-payments/value-readers.ts';
import { ansReferences, ansTemplateId } from './ans-config.ts';

const collectedResult = t.record({
  entryCid: t.contractId(ansReferences.ansEntry),
  subscriptionStateCid: t.contractId(paymentsReferences.subscriptionIdleState),
});
const rulesCid = t.contractId(ansReferences.ansRules);

/**
 * Splice.Ans:AnsEntryContext — ties an entry's subscription to the name it pays for; the DSO
 * collects each payment through it, which creates or renews the AnsEntry.
 */
export const ansEntryContext: TemplateDefinition = tiedToSplice(
  spliceAmuletNameService['Splice.Ans'].AnsEntryContext,
  defineTemplate({
    id: ansTemplateId('AnsEntryContext'),
    fields: {
      dso: t.party(),
      user: t.party(),
      name: t.text(),
      url: t.text(),
      description: t.text(),
      reference: t.contractId(paymentsReferences.subscriptionRequest),
    },
    signatories: (context) => [context.dso, context.user],
    choices: (choice) => ({
      AnsEntryContext_Terminate: choice({
        controllers: (_context, { actor }) => [actor],
        argument: {
          actor: t.party(),
          terminatedSubscriptionCid: t.contractId(paymentsReferences.terminatedSubscription),
        },
        result: t.record({}),
        body: (tx, self, { actor, terminatedSubscriptionCid }) => {
          require(tx, 'Actor is signatory', self.signatories.includes(actor));
          const terminated = tx.fetch(
            paymentsReferences.terminatedSubscription,
            terminatedSubscriptionCid,
          );
          tx.archive(paymentsReferences.terminatedSubscription, terminatedSubscriptionCid);
          require(tx, 'Reference matches', textFieldOf(terminated, 'reference') ===
            self.payload.reference);
          return {};
        },
      }),
      AnsEntryContext_CollectInitialEntryPayment: choice({
        controllers: (context) => [context.dso],
        consuming: false,
        argument: {
          paymentCid: t.contractId(paymentsReferences.subscriptionInitialPayment),
          transferContext: appTransferContextType,
          ansRulesCid: rulesCid,
        },
        result: collectedResult,
        body: (tx, self, { paymentCid, transferContext, ansRulesCid }) => {
          const result = tx.exercise(
            ansReferences.ansRules,
            ansRulesCid,
            'AnsRules_CollectInitialEntryPayment',
            {
              user: self.payload.user,
              entryContext: self.contractId,
              paymentCid,
              transferContext,
            },
          );
          return readAs(collectedResult, result, 'AnsRules_CollectInitialEntryPayment');
        },
      }),
      AnsEntryContext_CollectEntryRenewalPayment: choice({
        controllers: (context) => [context.dso],
        consuming: false,
        argument: {
          paymentCid: t.contractId(paymentsReferences.subscriptionPayment),
          entryCid: t.contractId(ansReferences.ansEntry),
          transferContext: appTransferContextType,
          ansRulesCid: rulesCid,
        },
        result: collectedResult,
        body: (tx, self, { ansRulesCid, ...argument }) => {
          const result = tx.exercise(
            ansReferences.ansRules,
            ansRulesCid,
            'AnsRules_CollectEntryRenewalPayment',
            {
              ...argument,
              user: self.payload.user,
              entryContext: self.contractId,
            },
          );
          return readAs(collectedResult, result, 'AnsRules_CollectEntryRenewalPayment');
        },
      }),
      AnsEntryContext_RejectEntryInitialPayment: choice({
        controllers: (context) => [context.dso],
        consuming: false,
        argument: {
          paymentCid: t.contractId(paymentsReferences.subscriptionInitialPayment),
          transferContext: appTransferContextType,
          ansRulesCid: rulesCid,
        },
        result: t.record({ amuletSum: amuletCreateSummaryType }),
        body: (tx, _self, { ansRulesCid, paymentCid, transferContext }) => {
          const choiceName = 'AnsRules_RejectEntryInitialPayment';
          const result = tx.exercise(ansReferences.ansRules, ansRulesCid, choiceName, {
            paymentCid,
            transferContext,
          });
          return {
            amuletSum: readAs(amuletCreateSummaryType, fieldOf(result, 'amuletSum'), choiceName),
          };
        },
      }),
    }),
  }),
  {},
);
