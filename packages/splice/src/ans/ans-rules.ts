import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceAmuletNameService } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { amuletCreateSummaryType } from '../wallet-payments/amulet-results.ts';
import { appTransferContextType } from '../wallet-payments/amulet-types.ts';
import { isPositive } from '../wallet-payments/daml-support.ts';
import { paymentsReferences } from '../wallet-payments/payments-references.ts';
import { fieldOf, readAs } from '../wallet-payments/value-readers.ts';
import { collectInitialPayment, collectRenewalPayment } from './ans-collection.ts';
import type { AnsRulesConfig } from './ans-config.ts';
import { ansEntryProblem, ansReferences, ansRulesConfigType, ansTemplateId } from './ans-config.ts';

const collectedResult = t.record({
  entryCid: t.contractId(ansReferences.ansEntry),
  subscriptionStateCid: t.contractId(paymentsReferences.subscriptionIdleState),
});

function isValidConfig(config: AnsRulesConfig): boolean | string {
  return (
    (BigInt(config.renewalDuration.microseconds) > 0n &&
      BigInt(config.entryLifetime.microseconds) > 0n &&
      isPositive(config.entryFee)) ||
    'renewal duration, entry lifetime and entry fee must be positive'
  );
}

/** Splice.Ans:AnsRules — how users request, pay for and renew names of the name service. */
export const ansRules: TemplateDefinition = tiedToSplice(
  spliceAmuletNameService['Splice.Ans'].AnsRules,
  defineTemplate({
    id: ansTemplateId('AnsRules'),
    fields: { dso: t.party(), config: ansRulesConfigType },
    signatories: (rules) => [rules.dso],
    ensure: (rules) => isValidConfig(rules.config),
    choices: (choice) => ({
      AnsRules_RequestEntry: choice({
        controllers: (_rules, { user }) => [user],
        consuming: false,
        argument: { name: t.text(), url: t.text(), description: t.text(), user: t.party() },
        result: t.record({
          entryCid: t.contractId(ansReferences.ansEntryContext),
          requestCid: t.contractId(paymentsReferences.subscriptionRequest),
        }),
        body: (tx, self, { name, url, description, user }) => {
          const { dso, config } = self.payload;
          // pocketnet checks here what Splice's name-service API checks, so every path agrees.
          const problem = ansEntryProblem({ name, url, description });
          if (problem !== null) tx.fail(problem);
          const requestCid = tx.create(paymentsReferences.subscriptionRequest, {
            subscriptionData: {
              sender: user,
              receiver: dso,
              provider: dso,
              dso,
              // Daml's `show` of a Text quotes it.
              description: `${config.descriptionPrefix}${JSON.stringify(name)}`,
            },
            payData: {
              paymentAmount: { amount: config.entryFee, unit: 'USDUnit' },
              paymentInterval: config.entryLifetime,
              paymentDuration: config.renewalDuration,
            },
          });
          const entryCid = tx.create(ansReferences.ansEntryContext, {
            dso,
            user,
            name,
            url,
            description,
            reference: requestCid,
          });
          return { entryCid, requestCid };
        },
      }),
      AnsRules_CollectInitialEntryPayment: choice({
        controllers: (rules, { user }) => [rules.dso, user],
        consuming: false,
        argument: {
          user: t.party(),
          entryContext: t.contractId(ansReferences.ansEntryContext),
          paymentCid: t.contractId(paymentsReferences.subscriptionInitialPayment),
          transferContext: appTransferContextType,
        },
        result: collectedResult,
        body: (tx, self, argument) =>
          collectInitialPayment(tx, { ...argument, dso: self.payload.dso }),
      }),
      AnsRules_CollectEntryRenewalPayment: choice({
        controllers: (rules, { user }) => [rules.dso, user],
        consuming: false,
        argument: {
          user: t.party(),
          entryContext: t.contractId(ansReferences.ansEntryContext),
          paymentCid: t.contractId(paymentsReferences.subscriptionPayment),
          entryCid: t.contractId(ansReferences.ansEntry),
          transferContext: appTransferContextType,
        },
        result: collectedResult,
        body: (tx, self, argument) =>
          collectRenewalPayment(tx, { ...argument, dso: self.payload.dso }),
      }),
      AnsRules_RejectEntryInitialPayment: choice({
        controllers: (rules) => [rules.dso],
        consuming: false,
        argument: {
          paymentCid: t.contractId(paymentsReferences.subscriptionInitialPayment),
          transferContext: appTransferContextType,
        },
        result: t.record({ amuletSum: amuletCreateSummaryType }),
        body: (tx, _self, { paymentCid, transferContext }) => {
          const choiceName = 'SubscriptionInitialPayment_Reject';
          const result = tx.exercise(
            paymentsReferences.subscriptionInitialPayment,
            paymentCid,
            choiceName,
            {
              transferContext,
            },
          );
          return {
            amuletSum: readAs(amuletCreateSummaryType, fieldOf(result, 'amuletSum'), choiceName),
          };
        },
      }),
    }),
  }),
  {},
);
