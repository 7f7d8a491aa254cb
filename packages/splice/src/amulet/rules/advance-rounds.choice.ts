import type { TransactionContext } from '@pocketnet/ledger';
import { defineChoice, formatTime, t } from '@pocketnet/ledger';
import { amuletTemplateIds } from '../amulet-references.ts';
import { requireDso } from '../support/checked-fetch.ts';
import { currentAmuletConfig, issuanceConfigValueAt } from '../support/config-values.ts';
import { nowMicros, relTimeMicros, relTimeOf, timeMicros } from '../support/time.ts';
import { larger, roundOf } from '../support/values.ts';
import type { OpenMiningRound } from '../templates/rounds.ts';
import { openMiningRound, summarizingMiningRound } from '../templates/rounds.ts';
import type { AmuletRules } from './amulet-rules-fields.ts';

type RoundTriple = {
  readonly oldest: OpenMiningRound;
  readonly middle: OpenMiningRound;
  readonly latest: OpenMiningRound;
};

function checkAdvance(tx: TransactionContext, { oldest, middle, latest }: RoundTriple): void {
  const now = nowMicros(tx);
  const number = (round: OpenMiningRound) => BigInt(round.round.number);
  if (number(middle) !== number(oldest) + 1n) tx.fail('middleRound is one after roundToArchive');
  if (number(latest) !== number(middle) + 1n) tx.fail('latestRound is one after middleRound');
  if (timeMicros(oldest.targetClosesAt) > now) tx.fail('roundToArchive is past targetCloseAt');
  if (timeMicros(latest.opensAt) > now) tx.fail('latestRound is open');
  if (timeMicros(middle.opensAt) + relTimeMicros(middle.tickDuration) > now) {
    tx.fail('middle round has been open for >= 1 tick');
  }
}

/**
 * The next open round: it opens a tick after the later of now and the latest round's opening,
 * stays open two ticks, and issues one tick further along the issuance curve than the latest,
 * whatever the wall clock did. Its config is the rules' current one.
 */
function nextOpenRound(
  tx: TransactionContext,
  rules: AmuletRules,
  latest: OpenMiningRound,
  amuletPrice: string,
) {
  const config = currentAmuletConfig(rules.configSchedule);
  const tick = relTimeMicros(config.tickDuration);
  const opensAt = larger(nowMicros(tx), timeMicros(latest.opensAt)) + tick;
  const issuingFor = relTimeMicros(latest.issuingFor) + relTimeMicros(latest.tickDuration);
  return tx.create(openMiningRound, {
    dso: rules.dso,
    round: roundOf(BigInt(latest.round.number) + 1n),
    amuletPrice,
    opensAt: formatTime(opensAt),
    targetClosesAt: formatTime(opensAt + 2n * tick),
    issuingFor: relTimeOf(issuingFor),
    transferConfigUsd: config.transferConfig,
    issuanceConfig: issuanceConfigValueAt(config.issuanceCurve, issuingFor),
    tickDuration: config.tickDuration,
    trafficPrice: null,
    rewardConfig: null,
  });
}

/** AmuletRules_AdvanceOpenMiningRounds: the oldest open round starts summarizing; a new one is added. */
export const amuletRulesAdvanceOpenMiningRounds = defineChoice({
  controllers: (rules: AmuletRules) => [rules.dso],
  consuming: false,
  argument: {
    amuletPrice: t.numeric(10),
    roundToArchiveCid: t.contractId(amuletTemplateIds.openMiningRound),
    middleRoundCid: t.contractId(amuletTemplateIds.openMiningRound),
    latestRoundCid: t.contractId(amuletTemplateIds.openMiningRound),
  },
  result: t.record(
    {
      summarizingRoundCid: t.contractId(amuletTemplateIds.summarizingMiningRound),
      openRoundCid: t.contractId(amuletTemplateIds.openMiningRound),
    },
    'Splice.AmuletRules:AmuletRules_AdvanceOpenMiningRoundsResult',
  ),
  body: (tx, self, argument) => {
    const { dso } = self.payload;
    const fetchRound = (cid: string) => {
      const round = tx.fetch(openMiningRound, cid);
      requireDso(tx, round, dso, cid);
      return round;
    };
    const oldest = fetchRound(argument.roundToArchiveCid);
    tx.archive(openMiningRound, argument.roundToArchiveCid);
    const triple = {
      oldest,
      middle: fetchRound(argument.middleRoundCid),
      latest: fetchRound(argument.latestRoundCid),
    };
    checkAdvance(tx, triple);
    const { round, amuletPrice, issuanceConfig, tickDuration, trafficPrice, rewardConfig } = oldest;
    const summarizingRoundCid = tx.create(summarizingMiningRound, {
      dso,
      round,
      amuletPrice,
      issuanceConfig,
      tickDuration,
      trafficPrice,
      rewardConfig,
    });
    const openRoundCid = nextOpenRound(tx, self.payload, triple.latest, argument.amuletPrice);
    return { summarizingRoundCid, openRoundCid };
  },
});
