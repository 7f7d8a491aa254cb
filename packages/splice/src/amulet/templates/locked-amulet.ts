import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { holdingInterface } from '../../token-standard/holding-v1.ts';
import { metadataType } from '../../token-standard/metadata-v1.ts';
import { spliceAmulet } from '../../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../../vocabulary/tied-to-splice.ts';
import { amuletTemplateId, amuletTemplateIds } from '../amulet-references.ts';
import {
  expireAgainstConfigStates,
  expireResultType,
  expireV2ResultType,
  refuseV1Expiry,
} from '../support/expiry-checks.ts';
import { holdingTxMeta } from '../support/meta.ts';
import { requireDeadlineExceeded } from '../support/time.ts';
import { timeLockType } from '../types/base-types.ts';
import { amulet, amuletRecordType, validAmount } from './amulet.ts';
import { lockedAmuletHoldingView } from './holding-views.ts';

const unlockResultType = t.record(
  { amuletCid: t.contractId(amuletTemplateIds.amulet), meta: metadataType },
  'Splice.Amulet:LockedAmulet_UnlockV2Result',
);

/**
 * An amulet locked until `lock.expiresAt`: the lock holders co-sign, so the owner cannot spend
 * it alone. Since amulet 0.1.17 a locked amulet may expire as dust like any other.
 */
export const lockedAmulet = tiedToSplice(
  spliceAmulet['Splice.Amulet'].LockedAmulet,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'LockedAmulet'),
    fields: { amulet: amuletRecordType, lock: timeLockType },
    signatories: ({ amulet: held, lock }) => [...lock.holders, held.dso, held.owner],
    ensure: ({ amulet: held }) => validAmount(held.amount),
    choices: (choice) => ({
      LockedAmulet_UnlockV2: choice({
        controllers: ({ amulet: held, lock }) => [held.owner, ...lock.holders],
        argument: {},
        result: unlockResultType,
        body: (tx, self) => ({
          amuletCid: tx.create(amulet, self.payload.amulet),
          meta: holdingTxMeta({ kind: 'unlock', reason: 'holders released lock' }),
        }),
      }),
      LockedAmulet_OwnerExpireLockV2: choice({
        controllers: ({ amulet: held }) => [held.owner],
        argument: {},
        result: unlockResultType,
        body: (tx, self) => {
          requireDeadlineExceeded(tx, 'Lock.expiresAt', self.payload.lock.expiresAt);
          return {
            amuletCid: tx.create(amulet, self.payload.amulet),
            meta: holdingTxMeta({ kind: 'unlock', reason: 'lock expired' }),
          };
        },
      }),
      /** Deprecated since 0.1.17: refused, as splice-amulet 0.1.20 refuses it. */
      LockedAmulet_ExpireAmulet: choice({
        controllers: ({ amulet: held }) => [held.dso],
        argument: { roundCid: t.contractId(amuletTemplateIds.openMiningRound) },
        result: expireResultType,
        body: (tx) => refuseV1Expiry(tx, 'LockedAmulet_ExpireAmulet'),
      }),
      LockedAmulet_ExpireAmuletV2: choice({
        controllers: ({ amulet: held }) => [held.dso],
        argument: {
          externalPartyConfigState0Cid: t.contractId(amuletTemplateIds.externalPartyConfigState),
          externalPartyConfigState1Cid: t.contractId(amuletTemplateIds.externalPartyConfigState),
        },
        result: expireV2ResultType,
        body: (tx, self, cids) => expireAgainstConfigStates(tx, self.payload.amulet, cids),
      }),
    }),
    implements: (implement) => [implement(holdingInterface, { view: lockedAmuletHoldingView })],
  }),
  {
    lacks: {
      LockedAmulet_Unlock:
        'the pre-0.1.17 choice; LockedAmulet_UnlockV2 replaces it and is all we run',
      LockedAmulet_OwnerExpireLock:
        'the pre-0.1.17 choice; LockedAmulet_OwnerExpireLockV2 replaces it and is all we run',
    },
  },
);
export type LockedAmulet = PayloadOf<typeof lockedAmulet>;
