import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { optionalType } from '../../token-standard/optional-type.ts';
import { spliceAmulet } from '../../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../../vocabulary/tied-to-splice.ts';
import { amuletTemplateId } from '../amulet-references.ts';
import { roundType } from '../types/base-types.ts';
import { rewardVersionType, transferConfigV2Type } from '../types/config-types.ts';

/**
 * Splice.ExternalPartyConfigState (amulet 0.1.17): the round, price and transfer limits that
 * externally signed transactions use instead of an OpenMiningRound, so that a prepared
 * transaction stays valid for about a day. Two exist at a time, created a config tick apart.
 */
export const externalPartyConfigState = tiedToSplice(
  spliceAmulet['Splice.ExternalPartyConfigState'].ExternalPartyConfigState,
  defineTemplate({
    id: amuletTemplateId('Splice.ExternalPartyConfigState', 'ExternalPartyConfigState'),
    fields: {
      dso: t.party(),
      holdingFeesOpenRoundNumber: roundType,
      amuletPrice: t.numeric(10),
      transferConfig: transferConfigV2Type,
      targetArchiveAfter: t.time(),
      rewardCalculationVersion: optionalType(rewardVersionType),
    },
    signatories: ({ dso }) => [dso],
  }),
  {},
);
export type ExternalPartyConfigState = PayloadOf<typeof externalPartyConfigState>;
