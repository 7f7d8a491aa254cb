import type { TransactionContext } from '@pocketnet/ledger';
import { defineChoice, t } from '@pocketnet/ledger';
import { scaleUsdToAmulet } from '../../economy/conversions.ts';
import { metadataType } from '../../token-standard/metadata-v1.ts';
import { optionalType } from '../../token-standard/optional-type.ts';
import { amuletTemplateIds } from '../amulet-references.ts';
import { requireDso } from '../support/checked-fetch.ts';
import { holdingTxMeta } from '../support/meta.ts';
import { expiringAmountValue, numeric } from '../support/values.ts';
import { amulet } from '../templates/amulet.ts';
import { featuredAppRight } from '../templates/featured-app.ts';
import { openMiningRound } from '../templates/rounds.ts';
import { roundType } from '../types/base-types.ts';
import type { AmuletRules } from './amulet-rules-fields.ts';
import { requireDevNet } from './amulet-rules-fields.ts';

const tapReason = 'tapped DevNet faucet';
const maxTap = numeric('100000000');

export const amuletCreateSummaryType = t.record(
  { amulet: t.contractId(amuletTemplateIds.amulet), amuletPrice: t.numeric(10), round: roundType },
  'Splice.Amulet:AmuletCreateSummary',
);

const mintArgument = {
  receiver: t.party(),
  amount: t.numeric(10),
  openRound: t.contractId(amuletTemplateIds.openMiningRound),
};

function mint(
  tx: TransactionContext,
  rules: AmuletRules,
  argument: { receiver: string; amount: string; openRound: string },
) {
  requireDevNet(tx, rules);
  const round = tx.fetch(openMiningRound, argument.openRound);
  requireDso(tx, round, rules.dso, argument.openRound);
  const rate = scaleUsdToAmulet(
    numeric(round.transferConfigUsd.holdingFee.rate),
    numeric(round.amuletPrice),
  );
  const amount = {
    initialAmount: numeric(argument.amount),
    createdAt: BigInt(round.round.number),
    ratePerRound: rate,
  };
  const cid = tx.create(amulet, {
    dso: rules.dso,
    owner: argument.receiver,
    amount: expiringAmountValue(amount),
  });
  return { amulet: cid, amuletPrice: round.amuletPrice, round: round.round };
}

/** AmuletRules_Mint: DevNet-only minting at the open round's holding fee (dso and receiver). */
export const amuletRulesMint = defineChoice({
  controllers: (rules: AmuletRules, { receiver }) => [rules.dso, receiver],
  consuming: false,
  argument: mintArgument,
  result: t.record(
    { amuletSum: amuletCreateSummaryType },
    'Splice.AmuletRules:AmuletRules_MintResult',
  ),
  body: (tx, self, argument) => ({ amuletSum: mint(tx, self.payload, argument) }),
});

/** AmuletRules_DevNet_Tap: anyone may tap up to 100 000 000 amulet on a DevNet. */
export const amuletRulesDevNetTap = defineChoice({
  controllers: (_rules: AmuletRules, { receiver }) => [receiver],
  consuming: false,
  argument: mintArgument,
  result: t.record(
    { amuletSum: amuletCreateSummaryType, meta: optionalType(metadataType) },
    'Splice.AmuletRules:AmuletRules_DevNet_TapResult',
  ),
  body: (tx, self, argument) => {
    requireDevNet(tx, self.payload);
    if (numeric(argument.amount) > maxTap) tx.fail('Tapped amount <= 100,000,000');
    const minted = tx.exercise(
      amuletTemplateIds.amuletRules,
      self.contractId,
      'AmuletRules_Mint',
      argument,
    ) as { readonly amuletSum: ReturnType<typeof mint> };
    return {
      amuletSum: minted.amuletSum,
      meta: holdingTxMeta({ kind: 'mint', reason: tapReason }),
    };
  },
});

/** AmuletRules_DevNet_FeatureApp: on a DevNet a provider may feature itself. */
export const amuletRulesDevNetFeatureApp = defineChoice({
  controllers: (_rules: AmuletRules, { provider }) => [provider],
  consuming: false,
  argument: { provider: t.party() },
  result: t.record(
    { featuredAppRightCid: t.contractId(amuletTemplateIds.featuredAppRight) },
    'Splice.AmuletRules:AmuletRules_DevNet_FeatureAppResult',
  ),
  body: (tx, self, { provider }) => {
    requireDevNet(tx, self.payload);
    return {
      featuredAppRightCid: tx.create(featuredAppRight, { dso: self.payload.dso, provider }),
    };
  },
});
