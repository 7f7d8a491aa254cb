import type { TransactionContext } from '@pocketnet/ledger';
import { defineChoice, t } from '@pocketnet/ledger';
import { optionalType } from '../../token-standard/optional-type.ts';
import { amuletTemplateIds } from '../amulet-references.ts';
import { currentAmuletConfig, issuanceConfigValueAt } from '../support/config-values.ts';
import { addMicros, relTimeMicros, relTimeOf } from '../support/time.ts';
import { roundOf } from '../support/values.ts';
import { openMiningRound } from '../templates/rounds.ts';
import { relTimeType, roundType } from '../types/base-types.ts';
import type { AmuletRules } from './amulet-rules-fields.ts';
import { createExternalPartyConfigStates } from './external-party-config-states.ts';

type RoundPlan = {
  readonly number: bigint;
  readonly opensAt: string;
  readonly targetClosesAt: string;
};

/**
 * Three rounds at genesis: rounds n and n+1 open now (so two are always open), n+2 opens when
 * round n is due to close; round n lasts `round0Duration`, each later round one tick more.
 */
function genesisRounds(
  now: string,
  first: bigint,
  round0Micros: bigint,
  tickMicros: bigint,
): RoundPlan[] {
  const closes0 = addMicros(now, round0Micros);
  return [
    { number: first, opensAt: now, targetClosesAt: closes0 },
    { number: first + 1n, opensAt: now, targetClosesAt: addMicros(closes0, tickMicros) },
    { number: first + 2n, opensAt: closes0, targetClosesAt: addMicros(closes0, 2n * tickMicros) },
  ];
}

function createRounds(
  tx: TransactionContext,
  rules: AmuletRules,
  plan: { amuletPrice: string; rounds: RoundPlan[] },
) {
  const config = currentAmuletConfig(rules.configSchedule);
  const tickMicros = relTimeMicros(config.tickDuration);
  return plan.rounds.map((round) => {
    const issuingFor = round.number * tickMicros;
    return tx.create(openMiningRound, {
      dso: rules.dso,
      round: roundOf(round.number),
      amuletPrice: plan.amuletPrice,
      opensAt: round.opensAt,
      targetClosesAt: round.targetClosesAt,
      issuingFor: relTimeOf(issuingFor),
      transferConfigUsd: config.transferConfig,
      issuanceConfig: issuanceConfigValueAt(config.issuanceCurve, issuingFor),
      tickDuration: config.tickDuration,
      trafficPrice: null,
      rewardConfig: null,
    });
  });
}

/** AmuletRules_Bootstrap_Rounds: once, at network genesis; also the ExternalPartyConfigStates. */
export const amuletRulesBootstrapRounds = defineChoice({
  controllers: (rules: AmuletRules) => [rules.dso],
  consuming: false,
  argument: {
    amuletPrice: t.numeric(10),
    round0Duration: relTimeType,
    initialRound: optionalType(t.int64()),
  },
  result: t.record(
    {
      openMiningRoundCid: t.contractId(amuletTemplateIds.openMiningRound),
      initialRound: optionalType(roundType),
    },
    'Splice.AmuletRules:AmuletRules_Bootstrap_RoundsResult',
  ),
  body: (tx, self, { amuletPrice, round0Duration, initialRound }) => {
    const rules = self.payload;
    if (rules.contractStateSchemaVersion !== null) tx.fail('contractStateSchemaVersion is not set');
    const tickMicros = relTimeMicros(currentAmuletConfig(rules.configSchedule).tickDuration);
    const round0Micros = relTimeMicros(round0Duration);
    if (round0Micros < tickMicros) tx.fail('Round0 duration is larger or equal to tick duration');
    const first = BigInt(initialRound ?? '0');
    const rounds = genesisRounds(tx.now(), first, round0Micros, tickMicros);
    const [oldest, middle, latest] = createRounds(tx, rules, { amuletPrice, rounds });
    if (oldest === undefined || middle === undefined || latest === undefined)
      throw new Error('three rounds expected');
    createExternalPartyConfigStates(tx, rules, {
      round0Cid: oldest,
      round1Cid: middle,
      round2Cid: latest,
    });
    return { openMiningRoundCid: latest, initialRound: roundOf(first) };
  },
});
