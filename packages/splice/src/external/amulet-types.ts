import type { Infer } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import { amuletTemplateIds } from '../amulet/amulet-references.ts';
import type { TransferContext } from '../amulet/types/transfer-types.ts';
import { transferContextType } from '../amulet/types/transfer-types.ts';
import { optionalType } from '../token-standard/optional-type.ts';

// Context records of module Splice.AmuletRules that the choices of this folder take; the other
// amulet types come from the amulet core's types.

/** The AmuletRules to transfer with, and the contracts the transfer reads. */
export const paymentTransferContextType = t.record(
  { amuletRules: t.contractId(amuletTemplateIds.amuletRules), context: transferContextType },
  'Splice.AmuletRules:PaymentTransferContext',
);

/** What an external party's one-step transfer reads: config that lives a day, not a round. */
export const externalPartyTransferContextType = t.record(
  {
    externalPartyConfigState: t.contractId(amuletTemplateIds.externalPartyConfigState),
    featuredAppRight: optionalType(t.contractId(amuletTemplateIds.featuredAppRight)),
  },
  'Splice.AmuletRules:ExternalPartyTransferContext',
);

export type PaymentTransferContext = Infer<typeof paymentTransferContextType>;
export type ExternalPartyTransferContext = Infer<typeof externalPartyTransferContextType>;

/** An amulet-only transfer context: no coupons, so no issuing rounds or validator rights. */
export function amuletTransferContext(
  openMiningRound: string,
  featuredAppRight: string | null,
): TransferContext {
  return { openMiningRound, issuingMiningRounds: [], validatorRights: [], featuredAppRight };
}
