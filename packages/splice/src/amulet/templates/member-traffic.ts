import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceAmulet } from '../../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../../vocabulary/tied-to-splice.ts';
import { amuletTemplateId } from '../amulet-references.ts';
import { numeric } from '../support/values.ts';

/**
 * Extra synchronizer traffic bought for a sequencer member (a participant or mediator). The
 * DSO merges these; the member's traffic limit is the sum of `totalPurchased`.
 */
export const memberTraffic = tiedToSplice(
  spliceAmulet['Splice.DecentralizedSynchronizer'].MemberTraffic,
  defineTemplate({
    id: amuletTemplateId('Splice.DecentralizedSynchronizer', 'MemberTraffic'),
    fields: {
      dso: t.party(),
      memberId: t.text(),
      synchronizerId: t.text(),
      migrationId: t.int64(),
      totalPurchased: t.int64(),
      numPurchases: t.int64(),
      amuletSpent: t.numeric(10),
      usdSpent: t.numeric(10),
    },
    signatories: ({ dso }) => [dso],
    ensure: (traffic) =>
      (BigInt(traffic.totalPurchased) >= 0n &&
        BigInt(traffic.numPurchases) >= 0n &&
        numeric(traffic.amuletSpent) >= 0n &&
        numeric(traffic.usdSpent) >= 0n &&
        BigInt(traffic.migrationId) >= 0n &&
        traffic.memberId !== '' &&
        traffic.synchronizerId !== '') ||
      'invalid MemberTraffic',
  }),
  {},
);
export type MemberTraffic = PayloadOf<typeof memberTraffic>;
