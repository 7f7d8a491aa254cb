import type { TemplateDefinition, Typed } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import {
  amuletReferences,
  paymentTransferContextType,
  transferInputType,
} from '../wallet-payments/amulet-types.ts';
import { isBefore, require } from '../wallet-payments/daml-support.ts';
import { fieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import { walletTemplateId } from './wallet-references.ts';

export type BuyTrafficRequestTrackingInfo = {
  readonly trackingId: string;
  readonly endUserParty: string;
};

export const buyTrafficRequestTrackingInfoType: Typed<BuyTrafficRequestTrackingInfo> = t.record(
  { trackingId: t.text(), endUserParty: t.party() },
  'Splice.Wallet.BuyTrafficRequest:BuyTrafficRequestTrackingInfo',
);

const trackingResult = t.record({ trackingInfo: buyTrafficRequestTrackingInfoType });

function trackingInfoOf(request: BuyTrafficRequestTrackingInfo): BuyTrafficRequestTrackingInfo {
  return { trackingId: request.trackingId, endUserParty: request.endUserParty };
}

/**
 * Splice.Wallet.BuyTrafficRequest:BuyTrafficRequest — an end user's request that the wallet
 * automation buy traffic for a sequencer member (any validator) before `expiresAt`.
 */
export const buyTrafficRequest: TemplateDefinition = tiedToSplice(
  spliceWallet['Splice.Wallet.BuyTrafficRequest'].BuyTrafficRequest,
  defineTemplate({
    id: walletTemplateId('BuyTrafficRequest', 'BuyTrafficRequest'),
    fields: {
      dso: t.party(),
      endUserParty: t.party(),
      expiresAt: t.time(),
      trackingId: t.text(),
      trafficAmount: t.int64(),
      memberId: t.text(),
      synchronizerId: t.text(),
      migrationId: t.int64(),
    },
    signatories: (request) => [request.endUserParty],
    choices: (choice) => ({
      BuyTrafficRequest_Complete: choice({
        controllers: (request, { walletProvider }) => [request.endUserParty, walletProvider],
        argument: {
          inputs: t.list(transferInputType),
          context: paymentTransferContextType,
          walletProvider: t.party(),
        },
        result: t.record({
          purchasedTraffic: t.contractId(amuletReferences.memberTraffic),
          trackingInfo: buyTrafficRequestTrackingInfoType,
          senderChangeAmulet: t.optional(t.contractId(amuletReferences.amulet)),
        }),
        body: (tx, self, { inputs, context }) => {
          const request = self.payload;
          require(tx, 'Contract has not expired', isBefore(tx.now(), request.expiresAt));
          const result = tx.exercise(
            amuletReferences.amuletRules,
            context.amuletRules,
            'AmuletRules_BuyMemberTraffic',
            {
              inputs,
              context: context.context,
              provider: request.endUserParty,
              memberId: request.memberId,
              synchronizerId: request.synchronizerId,
              migrationId: request.migrationId,
              trafficAmount: request.trafficAmount,
              expectedDso: request.dso,
            },
          );
          const change = fieldOf(result, 'senderChangeAmulet');
          return {
            purchasedTraffic: textFieldOf(result, 'purchasedTraffic'),
            trackingInfo: trackingInfoOf(request),
            senderChangeAmulet: typeof change === 'string' ? change : null,
          };
        },
      }),
      BuyTrafficRequest_Cancel: choice({
        controllers: (request) => [request.endUserParty],
        argument: { reason: t.text() },
        result: trackingResult,
        body: (tx, self) => {
          require(tx, 'Contract has not expired', isBefore(tx.now(), self.payload.expiresAt));
          return { trackingInfo: trackingInfoOf(self.payload) };
        },
      }),
      BuyTrafficRequest_Expire: choice({
        controllers: (request) => [request.endUserParty],
        argument: {},
        result: trackingResult,
        body: (tx, self) => {
          require(tx, 'Contract has expired', !isBefore(tx.now(), self.payload.expiresAt));
          return { trackingInfo: trackingInfoOf(self.payload) };
        },
      }),
    }),
  }),
  {},
);
