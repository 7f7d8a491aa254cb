import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { holdingInterface } from '../../token-standard/holding-v1.ts';
import { spliceAmulet } from '../../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../../vocabulary/tied-to-splice.ts';
import { amuletTemplateId, amuletTemplateIds } from '../amulet-references.ts';
import {
  expireAgainstConfigStates,
  expireResultType,
  expireV2ResultType,
  refuseV1Expiry,
} from '../support/expiry-checks.ts';
import type { ExpiringAmountValue } from '../types/base-types.ts';
import { expiringAmountType } from '../types/base-types.ts';
import { amuletHoldingView } from './holding-views.ts';

const nonZeroDigit = /[1-9]/;

export const amuletFields = { dso: t.party(), owner: t.party(), amount: expiringAmountType };

/** `Splice.Amulet:Amulet`'s payload as a record, for LockedAmulet, which holds one. */
export const amuletRecordType = t.record(amuletFields, 'Splice.Amulet:Amulet');

/**
 * Splice's validExpiringAmount, shared with LockedAmulet. The engine normalises payloads before
 * `ensure` runs, so the sign and digits of the text decide it without parsing (a hot path).
 */
export function validAmount(amount: ExpiringAmountValue): true | string {
  if (amount.initialAmount.startsWith('-') || !nonZeroDigit.test(amount.initialAmount)) {
    return 'initialAmount must be positive';
  }
  if (amount.ratePerRound.rate.startsWith('-')) return 'ratePerRound.rate must not be negative';
  if (amount.createdAt.number.startsWith('-')) return 'createdAt must not be negative';
  return true;
}

/** One coin UTXO: an amount that decays by a holding fee per round. Signed by dso and owner. */
export const amulet = tiedToSplice(
  spliceAmulet['Splice.Amulet'].Amulet,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'Amulet'),
    fields: amuletFields,
    signatories: ({ dso, owner }) => [dso, owner],
    ensure: ({ amount }) => validAmount(amount),
    choices: (choice) => ({
      /** Deprecated since 0.1.17: refused, as splice-amulet 0.1.20 refuses it. */
      Amulet_Expire: choice({
        controllers: ({ dso }) => [dso],
        argument: { roundCid: t.contractId(amuletTemplateIds.openMiningRound) },
        result: expireResultType,
        body: (tx) => refuseV1Expiry(tx, 'Amulet_Expire'),
      }),
      Amulet_ExpireV2: choice({
        controllers: ({ dso }) => [dso],
        argument: {
          externalPartyConfigState0Cid: t.contractId(amuletTemplateIds.externalPartyConfigState),
          externalPartyConfigState1Cid: t.contractId(amuletTemplateIds.externalPartyConfigState),
        },
        result: expireV2ResultType,
        body: (tx, self, cids) => expireAgainstConfigStates(tx, self.payload, cids),
      }),
    }),
    implements: (implement) => [implement(holdingInterface, { view: amuletHoldingView })],
  }),
  {},
);
export type Amulet = PayloadOf<typeof amulet>;
