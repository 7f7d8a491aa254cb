import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { amuletTemplateId } from '../amulet-references.ts';

const emptyResult = (name: string) => t.record({}, `Splice.Amulet:${name}`);

/** The right of a validator to mint its user's ValidatorRewardCoupons. */
export const validatorRight = defineTemplate({
  id: amuletTemplateId('Splice.Amulet', 'ValidatorRight'),
  fields: { dso: t.party(), user: t.party(), validator: t.party() },
  signatories: ({ user, validator }) => [user, validator],
  choices: (choice) => ({
    ValidatorRight_ArchiveAsValidator: choice({
      controllers: ({ validator }) => [validator],
      argument: {},
      result: emptyResult('ValidatorRight_ArchiveAsValidatorResult'),
      body: () => ({}),
    }),
    ValidatorRight_ArchiveAsUser: choice({
      controllers: ({ user }) => [user],
      argument: {},
      result: emptyResult('ValidatorRight_ArchiveAsUserResult'),
      body: () => ({}),
    }),
  }),
});
export type ValidatorRight = PayloadOf<typeof validatorRight>;
