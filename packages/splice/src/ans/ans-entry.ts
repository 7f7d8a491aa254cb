import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceAmuletNameService } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { addRelTime, isBefore, require } from '../wallet-payments/daml-support.ts';
import { ansReferences, ansTemplateId } from './ans-config.ts';

/**
 * Splice.Ans:AnsEntry — a name owned by a user until `expiresAt`; renewal (paid through the
 * entry's subscription) recreates it with a later expiry.
 */
export const ansEntry: TemplateDefinition = tiedToSplice(
  spliceAmuletNameService['Splice.Ans'].AnsEntry,
  defineTemplate({
    id: ansTemplateId('AnsEntry'),
    fields: {
      user: t.party(),
      dso: t.party(),
      name: t.text(),
      url: t.text(),
      description: t.text(),
      expiresAt: t.time(),
    },
    signatories: (entry) => [entry.user, entry.dso],
    choices: (choice) => ({
      AnsEntry_Expire: choice({
        controllers: (_entry, { actor }) => [actor],
        argument: { actor: t.party() },
        result: t.record({}),
        body: (tx, self, { actor }) => {
          require(tx, `Actor ${actor} is a signatory`, self.signatories.includes(actor));
          require(tx, 'Contract expired', isBefore(self.payload.expiresAt, tx.now()));
          return {};
        },
      }),
      AnsEntry_Renew: choice({
        controllers: (entry) => [entry.user, entry.dso],
        argument: { extension: t.relTime() },
        result: t.record({ entryCid: t.contractId(ansReferences.ansEntry) }),
        body: (tx, self, { extension }) => {
          require(tx, 'Extension positive', BigInt(extension.microseconds) > 0n);
          const expiresAt = addRelTime(self.payload.expiresAt, extension);
          return { entryCid: tx.create(ansReferences.ansEntry, { ...self.payload, expiresAt }) };
        },
      }),
    }),
  }),
  {},
);
