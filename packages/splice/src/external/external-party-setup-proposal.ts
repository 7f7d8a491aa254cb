import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { requireWithinDeadline } from '../amulet/support/time.ts';
import { spliceAmulet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { amuletReferences, externalReferences } from './amulet-references.ts';

const moduleName = 'Splice.AmuletRules';
const dummyResult = (entity: string) => t.record({ dummyArg: t.unit() }, `${moduleName}:${entity}`);

/**
 * `Splice.AmuletRules:ExternalPartySetupProposal`: a validator (who paid for the preapproval)
 * offers to host an external party. Accepting, the party gets a ValidatorRight for the
 * validator and a TransferPreapproval the validator provides.
 */
export const externalPartySetupProposal = tiedToSplice(
  spliceAmulet['Splice.AmuletRules'].ExternalPartySetupProposal,
  defineTemplate({
    id: { packageName: 'splice-amulet', module: moduleName, entity: 'ExternalPartySetupProposal' },
    fields: {
      validator: t.party(),
      user: t.party(),
      dso: t.party(),
      createdAt: t.time(),
      preapprovalExpiresAt: t.time(),
    },
    signatories: ({ validator, dso }) => [validator, dso],
    observers: ({ user }) => [user],
    choices: (choice) => ({
      ExternalPartySetupProposal_Accept: choice({
        controllers: ({ user }) => [user],
        argument: {},
        result: t.record(
          {
            validatorRightCid: t.contractId(amuletReferences.validatorRight),
            transferPreapprovalCid: t.contractId(externalReferences.transferPreapproval),
          },
          `${moduleName}:ExternalPartySetupProposal_AcceptResult`,
        ),
        body: (tx, self) => {
          const { validator, user, dso, createdAt, preapprovalExpiresAt } = self.payload;
          requireWithinDeadline(
            tx,
            'ExternalPartySetupProposal.preapprovalExpiresAt',
            preapprovalExpiresAt,
          );
          const validatorRightCid = tx.create(amuletReferences.validatorRight, {
            dso,
            validator,
            user,
          });
          const transferPreapprovalCid = tx.create(externalReferences.transferPreapproval, {
            dso,
            receiver: user,
            provider: validator,
            validFrom: createdAt,
            lastRenewedAt: createdAt,
            expiresAt: preapprovalExpiresAt,
          });
          return { validatorRightCid, transferPreapprovalCid };
        },
      }),
      /** The user can always decline. */
      ExternalPartySetupProposal_Reject: choice({
        controllers: ({ user }) => [user],
        argument: { reason: t.text() },
        result: dummyResult('ExternalPartySetupProposal_RejectResult'),
        body: () => ({ dummyArg: {} }),
      }),
      /** The validator can always withdraw, also once the proposal has expired. */
      ExternalPartySetupProposal_Withdraw: choice({
        controllers: ({ validator }) => [validator],
        argument: { reason: t.text() },
        result: dummyResult('ExternalPartySetupProposal_WithdrawResult'),
        body: () => ({ dummyArg: {} }),
      }),
    }),
  }),
  {},
);

export type ExternalPartySetupProposal = PayloadOf<typeof externalPartySetupProposal>;
