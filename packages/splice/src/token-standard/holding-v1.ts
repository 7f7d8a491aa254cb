import type { Infer } from '@pocketnet/ledger';
import { defineInterface, t } from '@pocketnet/ledger';
import { spliceApiTokenHoldingV1 } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedInterfaceToSplice } from '../vocabulary/tied-to-splice.ts';
import { metadataType } from './metadata-v1.ts';
import { optionalType } from './optional-type.ts';

// `splice-api-token-holding-v1`, module Splice.Api.Token.HoldingV1.

export const holdingPackageName = 'splice-api-token-holding-v1';
const moduleName = 'Splice.Api.Token.HoldingV1';

/** `InstrumentId{admin, id}`: Canton Coin is `{admin: <DSO party>, id: "Amulet"}`. */
export const instrumentIdType = t.record(
  { admin: t.party(), id: t.text() },
  `${moduleName}:InstrumentId`,
);

/** `Lock{holders, expiresAt, expiresAfter, context}`. */
export const lockType = t.record(
  {
    holders: t.list(t.party()),
    expiresAt: optionalType(t.time()),
    expiresAfter: optionalType(t.relTime()),
    context: optionalType(t.text()),
  },
  `${moduleName}:Lock`,
);

/** `HoldingView{owner, instrumentId, amount, lock, meta}`. */
export const holdingViewType = t.record(
  {
    owner: t.party(),
    instrumentId: instrumentIdType,
    amount: t.numeric(10),
    lock: optionalType(lockType),
    meta: metadataType,
  },
  `${moduleName}:HoldingView`,
);

export type InstrumentId = Infer<typeof instrumentIdType>;
export type HoldingLock = Infer<typeof lockType>;
export type HoldingView = Infer<typeof holdingViewType>;

/** `Holding`: one UTXO of some instrument. A view only; moving it is up to each registry. */
export const holdingInterface = tiedInterfaceToSplice(
  spliceApiTokenHoldingV1['Splice.Api.Token.HoldingV1'].Holding,
  defineInterface({
    id: { packageName: holdingPackageName, module: moduleName, entity: 'Holding' },
    view: holdingViewType,
  }),
  {},
);

export const holdingInterfaceId = `#${holdingPackageName}:${moduleName}:Holding`;
