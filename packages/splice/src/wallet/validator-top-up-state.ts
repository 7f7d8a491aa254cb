import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { walletTemplateId } from './wallet-references.ts';

/**
 * Splice.Wallet.TopUpState:ValidatorTopUpState — when a validator last bought traffic for a
 * member, so its top-up loop deduplicates and rate-limits purchases (CO_BuyMemberTraffic).
 */
export const validatorTopUpState: TemplateDefinition = tiedToSplice(
  spliceWallet['Splice.Wallet.TopUpState'].ValidatorTopUpState,
  defineTemplate({
    id: walletTemplateId('TopUpState', 'ValidatorTopUpState'),
    fields: {
      dso: t.party(),
      validator: t.party(),
      memberId: t.text(),
      synchronizerId: t.text(),
      migrationId: t.int64(),
      lastPurchasedAt: t.time(),
    },
    signatories: (state) => [state.validator],
  }),
  {},
);
