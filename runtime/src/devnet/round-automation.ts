import { formatNumeric, parseNumeric, parseTime } from '@pocketnet/ledger';
import type { spliceVocabulary } from '@pocketnet/splice';
import {
  amuletRulesChoices,
  amuletRulesTemplate,
  amuletTemplates,
  roundTemplates,
} from '../vocabulary/splice-templates.ts';
import type { ArgumentFields } from '../vocabulary/typed-commands.ts';
import { nextSettlementDue, settleClosedRounds } from './closed-round-settlement.ts';
import { configStates, refreshConfigStates } from './config-state-refresh.ts';
import type { DsoContract, DsoLedger } from './dso-ledger.ts';
import { expireDust } from './dust-expiry.ts';
import { couponsOf, roundOf } from './round-coupons.ts';

type OpenRound = spliceVocabulary.splice_amulet.Splice.Round.OpenMiningRound;
type RoundSummary =
  ArgumentFields<spliceVocabulary.splice_amulet.Splice.Issuance.OpenMiningRoundSummary>;

const micros = (time: string): bigint => {
  const parsed = parseTime(time);
  if (parsed === null) throw new Error(`a round carries a time that does not parse: ${time}`);
  return parsed;
};

/**
 * What the super validators' automation does as time passes: open a new round when the oldest
 * open one is due to close, start issuing summarised rounds with the totals of their coupons,
 * close issuing rounds when due, expire what a closed round left unclaimed and archive it (each a
 * polling interval after the step before, as Splice's triggers do), and turn featured-app activity
 * markers into reward coupons.
 */
export function createRoundAutomation(deps: {
  ledger: DsoLedger;
  now: () => bigint;
  /** The amulet price the next round opens with; null keeps the latest round's. */
  price: () => string | null;
}): {
  nextDueMicros(): bigint | null;
  run(): Promise<void>;
  nextRoundOpensAt(): bigint | null;
} {
  const { ledger } = deps;
  const openRounds = () =>
    ledger
      .active(roundTemplates.OpenMiningRound)
      .sort((a, b) => Number(roundOf(a)) - Number(roundOf(b)));
  const pendingNow = () =>
    ledger.active(roundTemplates.SummarizingMiningRound).length > 0 ||
    (ledger.active(amuletTemplates.FeaturedAppActivityMarker).length > 0 &&
      openRounds().length > 0);
  const advanceDue = () => {
    const [oldest, , latest] = openRounds();
    if (!oldest || !latest) return null;
    const closes = micros(oldest.payload.targetClosesAt);
    const opens = micros(latest.payload.opensAt);
    return closes > opens ? closes : opens;
  };
  const closeDue = () =>
    ledger
      .active(roundTemplates.IssuingMiningRound)
      .map((round) => micros(round.payload.targetClosesAt))
      .reduce<bigint | null>((min, due) => (min === null || due < min ? due : min), null);

  // start-devnet.ts declares it as the SV's rounds task (svRoundsWork).
  return {
    nextRoundOpensAt: advanceDue,
    nextDueMicros() {
      if (pendingNow()) return deps.now();
      const [state] = configStates(ledger, micros);
      const refresh = state ? micros(state.payload.targetArchiveAfter) : null;
      const settle = nextSettlementDue(ledger);
      const candidates = [advanceDue(), closeDue(), settle, refresh].filter(
        (due): due is bigint => due !== null,
      );
      return candidates.length === 0 ? null : candidates.reduce((a, b) => (a < b ? a : b));
    },
    async run() {
      const now = deps.now();
      const advance = advanceDue();
      if (advance !== null && advance <= now) {
        await advanceOpenRounds(ledger, openRounds(), deps.price());
        await expireDust(ledger);
      }
      await startIssuing(ledger);
      await closeIssuingRounds(ledger, now);
      await settleClosedRounds(ledger, now);
      await convertMarkers(ledger, openRounds());
      await refreshConfigStates(ledger, { now, open: openRounds(), micros });
    },
  };
}

async function advanceOpenRounds(
  ledger: DsoLedger,
  open: DsoContract<OpenRound>[],
  price: string | null,
) {
  const [oldest, middle, latest] = open;
  const [rules] = ledger.active(amuletRulesTemplate);
  if (!oldest || !middle || !latest || !rules) return;
  await ledger.exercise(
    amuletRulesTemplate,
    rules.contractId,
    amuletRulesChoices.AmuletRules_AdvanceOpenMiningRounds,
    {
      amuletPrice: price ?? latest.payload.amuletPrice,
      roundToArchiveCid: oldest.contractId,
      middleRoundCid: middle.contractId,
      latestRoundCid: latest.contractId,
    },
  );
}

const sumOf = (coupons: DsoContract<{ readonly amount: string }>[]) =>
  formatNumeric(coupons.reduce((total, c) => total + parseNumeric(c.payload.amount), 0n));

/**
 * The summary with the liveness total that splice-amulet releases after 0.1.20 (Splice 0.6.11,
 * whose vocabulary runtime is generated from) add to OpenMiningRoundSummary.
 */
type SummaryWithLiveness = RoundSummary & {
  readonly optTotalValidatorLivenessActivityRecords: string | null;
};

async function startIssuing(ledger: DsoLedger) {
  const [rules] = ledger.active(amuletRulesTemplate);
  if (!rules) return;
  const startIssuingChoice = amuletRulesChoices.AmuletRules_MiningRound_StartIssuing;
  const summaryFields = ledger.argumentFields(amuletRulesTemplate, startIssuingChoice, 'summary');
  for (const summarizing of ledger.active(roundTemplates.SummarizingMiningRound)) {
    const coupons = couponsOf(ledger, roundOf(summarizing));
    const featured = coupons.app.filter((coupon) => coupon.payload.featured);
    const unfeatured = coupons.app.filter((coupon) => !coupon.payload.featured);
    const liveness = BigInt(coupons.liveness.length);
    const totals = {
      totalValidatorRewardCoupons: sumOf(coupons.validator),
      totalFeaturedAppRewardCoupons: sumOf(featured),
      totalUnfeaturedAppRewardCoupons: sumOf(unfeatured),
      totalSvRewardWeight: coupons.sv
        .reduce((total, coupon) => total + BigInt(coupon.payload.weight), 0n)
        .toString(),
    };
    // A splice-amulet without the liveness total (0.1.20, Splice 0.6.11) counts liveness
    // records as faucet coupons: they are claimed at the faucet coupons' issuance.
    const withLiveness: SummaryWithLiveness = {
      ...totals,
      optTotalValidatorFaucetCoupons: null,
      optTotalValidatorLivenessActivityRecords: formatNumeric(liveness * 10n ** 10n),
    };
    const summary: RoundSummary = summaryFields.has('optTotalValidatorLivenessActivityRecords')
      ? withLiveness
      : { ...totals, optTotalValidatorFaucetCoupons: liveness.toString() };
    await ledger.exercise(amuletRulesTemplate, rules.contractId, startIssuingChoice, {
      miningRoundCid: summarizing.contractId,
      summary,
    });
  }
}

async function closeIssuingRounds(ledger: DsoLedger, now: bigint) {
  const [rules] = ledger.active(amuletRulesTemplate);
  if (!rules) return;
  for (const issuing of ledger.active(roundTemplates.IssuingMiningRound)) {
    if (micros(issuing.payload.targetClosesAt) > now) continue;
    await ledger.exercise(
      amuletRulesTemplate,
      rules.contractId,
      amuletRulesChoices.AmuletRules_MiningRound_Close,
      { issuingRoundCid: issuing.contractId },
    );
  }
}

async function convertMarkers(ledger: DsoLedger, open: DsoContract<OpenRound>[]) {
  const markers = ledger.active(amuletTemplates.FeaturedAppActivityMarker);
  const [rules] = ledger.active(amuletRulesTemplate);
  const round = open.find((candidate) => candidate === open[1]) ?? open[0];
  if (markers.length === 0 || !rules || !round) return;
  await ledger.exercise(
    amuletRulesTemplate,
    rules.contractId,
    amuletRulesChoices.AmuletRules_ConvertFeaturedAppActivityMarkers,
    {
      markerCids: markers.map(({ contractId }) => contractId),
      openMiningRoundCid: round.contractId,
      observers: [],
    },
  );
}
