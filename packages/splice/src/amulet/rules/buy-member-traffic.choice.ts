import type { TransactionContext } from '@pocketnet/ledger';
import { defineChoice, t } from '@pocketnet/ledger';
import type { TrafficCost } from '../../economy/traffic.ts';
import { trafficCost } from '../../economy/traffic.ts';
import { metadataType } from '../../token-standard/metadata-v1.ts';
import { optionalType } from '../../token-standard/optional-type.ts';
import { amuletTemplateIds } from '../amulet-references.ts';
import { currentAmuletConfig } from '../support/config-values.ts';
import { failWithStatus, spliceErrorIds } from '../support/failures.ts';
import { decimal, numeric } from '../support/values.ts';
import { memberTraffic } from '../templates/member-traffic.ts';
import { openMiningRound } from '../templates/rounds.ts';
import { splitAndBurn } from '../transfer/split-and-burn.ts';
import { summarizeTransferContext } from '../transfer/transfer-context.ts';
import { roundType } from '../types/base-types.ts';
import type { AmuletConfig } from '../types/config-types.ts';
import type { TransferContext, TransferInput } from '../types/transfer-types.ts';
import {
  transferContextType,
  transferInputType,
  transferSummaryType,
} from '../types/transfer-types.ts';
import type { AmuletRules } from './amulet-rules-fields.ts';
import { checkExpectedDso } from './amulet-rules-fields.ts';

function validateTopUp(
  tx: TransactionContext,
  config: AmuletConfig,
  synchronizerId: string,
  bytes: bigint,
): void {
  const synchronizer = config.decentralizedSynchronizer;
  if (!synchronizer.requiredSynchronizers.map.some(([id]) => id === synchronizerId)) {
    failWithStatus(
      tx,
      spliceErrorIds.unknownSynchronizer,
      `Unknown synchronizer provided: ${synchronizerId}`,
    );
  }
  const minimum = BigInt(synchronizer.fees.minTopupAmount);
  if (bytes < minimum) {
    failWithStatus(
      tx,
      spliceErrorIds.insufficientTopupAmount,
      `The requested top-up amount (${bytes}) is below the minimum allowed (${minimum}). Please increase the amount.`,
    );
  }
}

/** Prices traffic at the open round's amulet price (its own traffic price, if it has one). */
function priceTraffic(
  tx: TransactionContext,
  request: {
    dso: string;
    config: AmuletConfig;
    bytes: bigint;
    openRoundCid: string;
    provider: string;
  },
) {
  const round = tx.exercise(openMiningRound, request.openRoundCid, 'OpenMiningRound_Fetch', {
    p: request.provider,
  });
  if (round.dso !== request.dso)
    tx.fail(`OpenMiningRound ${request.openRoundCid} is not of DSO ${request.dso}`);
  const fallback = request.config.decentralizedSynchronizer.fees.extraTrafficPrice;
  return trafficCost({
    bytes: request.bytes,
    extraTrafficPriceUsdPerMegabyte: numeric(round.trafficPrice ?? fallback),
    amuletPrice: numeric(round.amuletPrice),
  });
}

type Purchase = {
  readonly inputs: readonly TransferInput[];
  readonly context: TransferContext;
  readonly provider: string;
  readonly memberId: string;
  readonly synchronizerId: string;
  readonly migrationId: string;
  readonly trafficAmount: string;
};

/** Burns the cost out of the provider's inputs (splitAndBurn) and records the traffic bought. */
function payForTraffic(
  tx: TransactionContext,
  request: { readonly dso: string; readonly purchase: Purchase; readonly cost: TrafficCost },
) {
  const { dso, purchase, cost } = request;
  const { provider, inputs } = purchase;
  const transfer = { sender: provider, provider, inputs, outputs: [], beneficiaries: null };
  const csum = summarizeTransferContext(tx, dso, purchase.context, transfer);
  const usage = 'traffic purchase';
  const burnt = splitAndBurn(tx, csum, { payer: provider, amount: cost.amulet, inputs, usage });
  const purchasedTraffic = tx.create(memberTraffic, {
    dso,
    memberId: purchase.memberId,
    synchronizerId: purchase.synchronizerId,
    migrationId: purchase.migrationId,
    totalPurchased: purchase.trafficAmount,
    numPurchases: '1',
    amuletSpent: decimal(cost.amulet),
    usdSpent: decimal(cost.usd),
  });
  return { burnt, purchasedTraffic };
}

/**
 * AmuletRules_BuyMemberTraffic: the provider burns `bytes / 1e6 × extraTrafficPrice / price`
 * amulet for extra traffic of any sequencer member, and earns a ValidatorRewardCoupon for it.
 */
export const amuletRulesBuyMemberTraffic = defineChoice({
  controllers: (_rules: AmuletRules, { provider }) => [provider],
  consuming: false,
  argument: {
    inputs: t.list(transferInputType),
    context: transferContextType,
    provider: t.party(),
    memberId: t.text(),
    synchronizerId: t.text(),
    migrationId: t.int64(),
    trafficAmount: t.int64(),
    expectedDso: optionalType(t.party()),
  },
  result: t.record(
    {
      round: roundType,
      summary: transferSummaryType,
      amuletPaid: t.numeric(10),
      purchasedTraffic: t.contractId(amuletTemplateIds.memberTraffic),
      senderChangeAmulet: optionalType(t.contractId(amuletTemplateIds.amulet)),
      meta: optionalType(metadataType),
    },
    'Splice.AmuletRules:AmuletRules_BuyMemberTrafficResult',
  ),
  body: (tx, self, argument) => {
    const { dso } = self.payload;
    checkExpectedDso(tx, dso, argument.expectedDso);
    const config = currentAmuletConfig(self.payload.configSchedule);
    const bytes = BigInt(argument.trafficAmount);
    validateTopUp(tx, config, argument.synchronizerId, bytes);
    const cost = priceTraffic(tx, {
      dso,
      config,
      bytes,
      openRoundCid: argument.context.openMiningRound,
      provider: argument.provider,
    });
    const { burnt, purchasedTraffic } = payForTraffic(tx, { dso, purchase: argument, cost });
    const { round, summary, senderChangeAmulet } = burnt.result;
    const amuletPaid = decimal(cost.amulet);
    return { round, summary, amuletPaid, purchasedTraffic, senderChangeAmulet, meta: burnt.meta };
  },
});
