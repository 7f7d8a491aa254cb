import type { Package, TemplateDefinition } from '@pocketnet/ledger';
import { definePackage, defineTemplate, t } from '@pocketnet/ledger';
import { soleConstructor } from '../vocabulary/sole-constructor.ts';
import { spliceValidatorLifecycle } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import {
  assertDeadlineExceeded,
  assertWithinDeadline,
  require,
} from '../wallet-payments/daml-support.ts';

const validatorLifecycle = 'splice-validator-lifecycle';
const id = (entity: string) => ({
  packageName: validatorLifecycle,
  module: 'Splice.ValidatorOnboarding',
  entity,
});
const usedSecretReference = `#${validatorLifecycle}:Splice.ValidatorOnboarding:UsedSecret`;

/**
 * Splice.ValidatorOnboarding:ValidatorOnboarding — a sponsoring SV's one-time secret for a
 * validator candidate; matching it records the secret as used.
 */
export const validatorOnboarding: TemplateDefinition = tiedToSplice(
  spliceValidatorLifecycle['Splice.ValidatorOnboarding'].ValidatorOnboarding,
  defineTemplate({
    id: id('ValidatorOnboarding'),
    fields: { sv: t.party(), candidateSecret: t.text(), expiresAt: t.time() },
    signatories: (onboarding) => [onboarding.sv],
    choices: (choice) => ({
      ValidatorOnboarding_Match: choice({
        controllers: (onboarding) => [onboarding.sv],
        argument: { providedSecret: t.text(), validator: t.party() },
        result: t.record({ usedSecret: t.contractId(usedSecretReference) }),
        body: (tx, self, { providedSecret, validator }) => {
          const { sv, candidateSecret, expiresAt } = self.payload;
          assertWithinDeadline(tx, 'ValidatorOnboarding.expiresAt', expiresAt);
          require(tx, 'provided secret matches the stored secret', providedSecret ===
            candidateSecret);
          const usedSecret = tx.create(usedSecretReference, {
            sv,
            secret: candidateSecret,
            validator,
          });
          return { usedSecret };
        },
      }),
      ValidatorOnboarding_Expire: choice({
        controllers: (onboarding) => [onboarding.sv],
        argument: {},
        result: soleConstructor('Splice.ValidatorOnboarding', 'ValidatorOnboarding_ExpireResult'),
        body: (tx, self) => {
          assertDeadlineExceeded(tx, 'ValidatorOnboarding.expiresAt', self.payload.expiresAt);
          return 'ValidatorOnboarding_ExpireResult' as const;
        },
      }),
    }),
  }),
  {},
);

/** Splice.ValidatorOnboarding:UsedSecret — a secret can onboard one validator only. */
export const usedSecret: TemplateDefinition = tiedToSplice(
  spliceValidatorLifecycle['Splice.ValidatorOnboarding'].UsedSecret,
  defineTemplate({
    id: id('UsedSecret'),
    fields: { sv: t.party(), secret: t.text(), validator: t.party() },
    signatories: (used) => [used.sv],
  }),
  {},
);

/** `splice-validator-lifecycle`: SV-sponsored validator onboarding secrets. */
export const spliceValidatorLifecyclePackage: Package = definePackage({
  name: validatorLifecycle,
  version: '0.1.5',
  templates: [validatorOnboarding, usedSecret],
});
