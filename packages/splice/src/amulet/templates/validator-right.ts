import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { soleConstructor } from '../../vocabulary/sole-constructor.ts';
import { spliceAmulet } from '../../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../../vocabulary/tied-to-splice.ts';
import { amuletTemplateId } from '../amulet-references.ts';

/** The right of a validator to mint its user's ValidatorRewardCoupons. */
export const validatorRight = tiedToSplice(
  spliceAmulet['Splice.Amulet'].ValidatorRight,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'ValidatorRight'),
    fields: { dso: t.party(), user: t.party(), validator: t.party() },
    signatories: ({ user, validator }) => [user, validator],
    choices: (choice) => ({
      ValidatorRight_ArchiveAsValidator: choice({
        controllers: ({ validator }) => [validator],
        argument: {},
        result: soleConstructor('Splice.Amulet', 'ValidatorRight_ArchiveAsValidatorResult'),
        body: () => 'ValidatorRight_ArchiveAsValidatorResult' as const,
      }),
      ValidatorRight_ArchiveAsUser: choice({
        controllers: ({ user }) => [user],
        argument: {},
        result: soleConstructor('Splice.Amulet', 'ValidatorRight_ArchiveAsUserResult'),
        body: () => 'ValidatorRight_ArchiveAsUserResult' as const,
      }),
    }),
  }),
  {},
);
export type ValidatorRight = PayloadOf<typeof validatorRight>;
