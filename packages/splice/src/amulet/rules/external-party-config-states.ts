import type { TransactionContext } from '@pocketnet/ledger';
import { defineChoice, t } from '@pocketnet/ledger';
import { amuletTemplateIds } from '../amulet-references.ts';
import { requireDso } from '../support/checked-fetch.ts';
import {
  currentAmuletConfig,
  externalPartyConfigStateTickMicros,
  transferConfigV2Of,
} from '../support/config-values.ts';
import { addMicros, nowMicros, requireDeadlineExceeded, timeMicros } from '../support/time.ts';
import { externalPartyConfigState } from '../templates/external-party-config-state.ts';
import { openMiningRound } from '../templates/rounds.ts';
import type { AmuletRules } from './amulet-rules-fields.ts';

export const openMiningRoundTripleType = t.record(
  {
    round0Cid: t.contractId(amuletTemplateIds.openMiningRound),
    round1Cid: t.contractId(amuletTemplateIds.openMiningRound),
    round2Cid: t.contractId(amuletTemplateIds.openMiningRound),
  },
  'Splice.AmuletRules:OpenMiningRoundTriple',
);
type RoundTriple = {
  readonly round0Cid: string;
  readonly round1Cid: string;
  readonly round2Cid: string;
};

/** Splice's validateOpenMiningRoundTriple: consecutive rounds; the newest that has opened. */
function validatedRounds(tx: TransactionContext, dso: string, triple: RoundTriple) {
  const rounds = [triple.round0Cid, triple.round1Cid, triple.round2Cid].map((cid) => {
    const round = tx.fetch(openMiningRound, cid);
    requireDso(tx, round, dso, cid);
    return round;
  });
  const numbers = rounds.map((round) => BigInt(round.round.number));
  if (numbers[1] !== (numbers[0] ?? 0n) + 1n) tx.fail('round1 = round0 + 1');
  if (numbers[2] !== (numbers[1] ?? 0n) + 1n) tx.fail('round2 = round1 + 1');
  const now = nowMicros(tx);
  const usable = rounds.filter((round) => timeMicros(round.opensAt) <= now);
  const latestUsable = usable.at(-1) ?? tx.fail('no round of the triple has opened');
  return { oldest: rounds[0] ?? tx.fail('three rounds expected'), latestUsable };
}

function configStateFor(
  tx: TransactionContext,
  rules: AmuletRules,
  triple: RoundTriple,
  targetArchiveAfter: string,
) {
  const { oldest, latestUsable } = validatedRounds(tx, rules.dso, triple);
  return {
    dso: rules.dso,
    holdingFeesOpenRoundNumber: oldest.round,
    amuletPrice: latestUsable.amuletPrice,
    transferConfig: transferConfigV2Of(latestUsable.transferConfigUsd),
    targetArchiveAfter,
    rewardCalculationVersion: null,
  };
}

/** Splice's bootstrapExternalPartyConfigState: two states, valid one and two config ticks. */
export function createExternalPartyConfigStates(
  tx: TransactionContext,
  rules: AmuletRules,
  triple: RoundTriple,
): void {
  const tick = externalPartyConfigStateTickMicros(currentAmuletConfig(rules.configSchedule));
  const first = configStateFor(tx, rules, triple, addMicros(tx.now(), tick));
  tx.create(externalPartyConfigState, first);
  tx.create(externalPartyConfigState, {
    ...first,
    targetArchiveAfter: addMicros(tx.now(), 2n * tick),
  });
}

/** AmuletRules_UpdateExternalPartyConfigStates: replaces the older state once it is due. */
export const amuletRulesUpdateExternalPartyConfigStates = defineChoice({
  controllers: (rules: AmuletRules) => [rules.dso],
  consuming: false,
  argument: {
    externalPartyConfigStateCid0: t.contractId(amuletTemplateIds.externalPartyConfigState),
    externalPartyConfigStateCid1: t.contractId(amuletTemplateIds.externalPartyConfigState),
    openMiningRoundTriple: openMiningRoundTripleType,
  },
  result: t.record(
    { newExternalPartyConfigStateCid: t.contractId(amuletTemplateIds.externalPartyConfigState) },
    'Splice.AmuletRules:AmuletRules_UpdateExternalPartyConfigStatesResult',
  ),
  body: (tx, self, argument) => {
    const rules = self.payload;
    const older = tx.fetch(externalPartyConfigState, argument.externalPartyConfigStateCid0);
    const newer = tx.fetch(externalPartyConfigState, argument.externalPartyConfigStateCid1);
    requireDso(tx, older, rules.dso, argument.externalPartyConfigStateCid0);
    requireDso(tx, newer, rules.dso, argument.externalPartyConfigStateCid1);
    tx.archive(externalPartyConfigState, argument.externalPartyConfigStateCid0);
    requireDeadlineExceeded(
      tx,
      'ExternalPartyConfigState0.targetArchiveAfter',
      older.targetArchiveAfter,
    );
    if (timeMicros(older.targetArchiveAfter) > timeMicros(newer.targetArchiveAfter)) {
      tx.fail(
        'ExternalPartyConfigState0.targetArchiveAfter <= ExternalPartyConfigState1.targetArchiveAfter',
      );
    }
    const tick = externalPartyConfigStateTickMicros(currentAmuletConfig(rules.configSchedule));
    const state = configStateFor(
      tx,
      rules,
      argument.openMiningRoundTriple,
      addMicros(tx.now(), 2n * tick),
    );
    return { newExternalPartyConfigStateCid: tx.create(externalPartyConfigState, state) };
  },
});
