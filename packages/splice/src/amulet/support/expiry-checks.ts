import type { TransactionContext } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import { isExpired } from '../../economy/expiring-amount.ts';
import { metadataType } from '../../token-standard/metadata-v1.ts';
import { optionalType } from '../../token-standard/optional-type.ts';
import { externalPartyConfigState } from '../templates/external-party-config-state.ts';
import type { ExpiringAmountValue } from '../types/base-types.ts';
import { roundType } from '../types/base-types.ts';
import { requireDso } from './checked-fetch.ts';
import { holdingTxMeta } from './meta.ts';
import { expiringAmountOf, numeric, smaller } from './values.ts';

// Archiving dust: an amulet whose holding fees have eaten its whole amount is expired by the
// DSO, which burns what is left of it (nothing, in effective terms).

export const amuletExpireSummaryType = t.record(
  {
    owner: t.party(),
    round: roundType,
    changeToInitialAmountAsOfRoundZero: t.numeric(10),
    changeToHoldingFeesRate: t.numeric(10),
  },
  'Splice.Amulet:AmuletExpireSummary',
);

export const expireResultType = t.record(
  { expireSum: amuletExpireSummaryType, meta: optionalType(metadataType) },
  'Splice.Amulet:Amulet_ExpireResult',
);

export const expireV2ResultType = t.record(
  {
    expireSum: t.record({ owner: t.party() }, 'Splice.Amulet:AmuletExpireV2Summary'),
    meta: metadataType,
  },
  'Splice.Amulet:Amulet_ExpireV2Result',
);

function requireExpiredAt(
  tx: TransactionContext,
  amount: ExpiringAmountValue,
  round: bigint,
): void {
  if (!isExpired(expiringAmountOf(amount), round))
    tx.fail(`Amulet is not expired as of round ${round}`);
}

/**
 * V1 expiry: splice-amulet 0.1.17 and later refuse it (the real 0.1.20 package answers so);
 * dust is expired with the V2 choices.
 */
export function refuseV1Expiry(tx: TransactionContext, choice: string): never {
  return tx.fail(`Choice "${choice}" is no longer supported since "splice-amulet"-"0.1.17"`);
}

/** V2 expiry (0.1.17): against the older round of two distinct ExternalPartyConfigStates. */
export function expireAgainstConfigStates(
  tx: TransactionContext,
  amulet: { readonly dso: string; readonly owner: string; readonly amount: ExpiringAmountValue },
  cids: {
    readonly externalPartyConfigState0Cid: string;
    readonly externalPartyConfigState1Cid: string;
  },
) {
  const { externalPartyConfigState0Cid: cid0, externalPartyConfigState1Cid: cid1 } = cids;
  if (cid0 === cid1) tx.fail('externalPartyConfigState0Cid /= externalPartyConfigState1Cid');
  const rounds = [cid0, cid1].map((cid) => {
    const state = tx.fetch(externalPartyConfigState, cid);
    requireDso(tx, state, amulet.dso, cid);
    return BigInt(state.holdingFeesOpenRoundNumber.number);
  });
  requireExpiredAt(tx, amulet.amount, rounds.reduce(smaller));
  return { expireSum: { owner: amulet.owner }, meta: dustMeta(amulet.amount) };
}

function dustMeta(amount: ExpiringAmountValue) {
  return holdingTxMeta({ kind: 'expire-dust', burned: numeric(amount.initialAmount) });
}
