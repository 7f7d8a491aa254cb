import type { Command, JournalRecord } from '@pocketnet/ledger';
import { unrestrictedCaller } from '@pocketnet/runtime';
import { envInteger } from './bench-config.ts';
import {
  type BenchResult,
  formatCount,
  formatMs,
  formatRatio,
  infoLine,
  median,
  statusOf,
} from './bench-line.ts';
import { renderTable } from './report-table.ts';
import {
  type DevnetNode,
  sharedSpliceDars,
  spliceRefs,
  startDevnetNode,
  submitAs,
} from './splice-devnet.ts';

// One pass of the devnet's round automation (AdvanceOpenMiningRounds, StartIssuing with the
// round's summary, Close, ClaimExpiredRewards, Archive, as `POST /api/devnet/v0/rounds/advance`
// runs it) with many reward coupons outstanding, beside the same passes with none; then the
// same on Splice's own packages (`--splice-dars`, the Daml-LF engine running splice-amulet
// 0.1.20's choices), beside our TypeScript Splice's figure of the same run.

const targetMs = 1_000;
const passes = 5;

export function readRoundAdvanceConfig() {
  return {
    coupons: envInteger('BENCH_ROUND_COUPONS', 100_000),
    perTransaction: envInteger('BENCH_ROUND_COUPONS_PER_TX', 1_000),
  };
}

export type RoundAdvanceConfig = ReturnType<typeof readRoundAdvanceConfig>;

/** Half ValidatorRewardCoupons, half featured AppRewardCoupons, all of `round`, as the DSO. */
async function createCoupons(devnet: DevnetNode, config: RoundAdvanceConfig, round: string) {
  const { dso, operator: user } = devnet;
  const coupon = (index: number): Command =>
    index % 2 === 0
      ? {
          kind: 'create',
          templateId: spliceRefs.validatorRewardCoupon,
          createArguments: { dso, user, amount: '1.5', round: { number: round } },
        }
      : {
          kind: 'create',
          templateId: spliceRefs.appRewardCoupon,
          createArguments: {
            dso,
            provider: user,
            featured: true,
            amount: '200.0',
            round: { number: round },
            beneficiary: user,
          },
        };
  const started = performance.now();
  for (let first = 0; first < config.coupons; first += config.perTransaction) {
    const size = Math.min(config.perTransaction, config.coupons - first);
    const commands = Array.from({ length: size }, (_, offset) => coupon(first + offset));
    await submitAs(devnet.node.engine, { actAs: [dso], readAs: [] }, commands);
  }
  return performance.now() - started;
}

type Pass = {
  readonly ms: number;
  readonly choices: readonly string[];
  readonly nodes: number;
  /** Whether the pass started issuing a round that had coupons (its summary is not all zero). */
  readonly summarized: boolean;
};

const hasCoupons = (argument: unknown) => {
  const summary = (argument as { summary?: Record<string, unknown> }).summary ?? {};
  return [summary.totalValidatorRewardCoupons, summary.totalFeaturedAppRewardCoupons].some(
    (total) => typeof total === 'string' && /[1-9]/.test(total),
  );
};

/** Times `passes` round advances, recording the root choices and event count of each. */
async function timePasses(devnet: DevnetNode): Promise<Pass[]> {
  const { node } = devnet;
  const controls = node.devnet?.controls;
  if (!controls) throw new Error('no devnet controls');
  let current = { choices: [] as string[], nodes: 0, summarized: false };
  const subscription = node.records$.subscribe((record: JournalRecord) => {
    if (record.type !== 'transaction') return;
    current.nodes += record.nodes.length;
    for (const id of record.rootNodeIds) {
      const root = record.nodes[id];
      if (root?.kind !== 'exercised') continue;
      current.choices.push(root.choice.replace('AmuletRules_', ''));
      if (root.choice === 'AmuletRules_MiningRound_StartIssuing' && hasCoupons(root.choiceArgument))
        current.summarized = true;
    }
  });
  const results: Pass[] = [];
  for (let pass = 0; pass < passes; pass++) {
    current = { choices: [], nodes: 0, summarized: false };
    const started = performance.now();
    await controls.advanceRounds(unrestrictedCaller, 1);
    results.push({ ms: performance.now() - started, ...current });
  }
  subscription.unsubscribe();
  return results;
}

/** `AdvanceOpenMiningRounds, ClaimExpiredRewards ×1000, …`: each choice once, with its count. */
function describeChoices(choices: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const choice of choices) counts.set(choice, (counts.get(choice) ?? 0) + 1);
  return [...counts]
    .map(([choice, count]) => (count > 1 ? `${choice} ×${count}` : choice))
    .join(', ');
}

const describePass = (pass: Pass) =>
  `${formatMs(pass.ms)}: ${describeChoices(pass.choices)} (${formatCount(pass.nodes)} events)`;

type Implementation = { spliceDars?: ReturnType<typeof sharedSpliceDars> };

/** The passes without coupons, then with `config.coupons` of round 1 outstanding. */
async function measureOn(implementation: Implementation, config: RoundAdvanceConfig) {
  const empty = await startDevnetNode(implementation);
  const baseline = await timePasses(empty);
  await empty.node.close();

  const loaded = await startDevnetNode(implementation);
  // Round 1 is the newest open round at genesis: its coupons are summarized on the second pass
  // and, once its issuing round closes, expired on the fifth.
  const createMs = await createCoupons(loaded, config, '1');
  const withCoupons = await timePasses(loaded);
  await loaded.node.close();
  const summarizing = withCoupons.find((pass) => pass.summarized) ?? withCoupons[0];
  return {
    baselineMs: median(baseline.map((pass) => pass.ms)),
    createMs,
    withCoupons,
    advanceMs: summarizing?.ms ?? 0,
    claiming: withCoupons.reduce((a, b) => (b.nodes > a.nodes ? b : a)),
  };
}

export async function runRoundAdvance(config: RoundAdvanceConfig): Promise<BenchResult> {
  const ours = await measureOn({}, config);
  const theirs = await measureOn({ spliceDars: sharedSpliceDars() }, config);
  const { baselineMs, createMs, withCoupons, advanceMs, claiming } = ours;
  const coupons = formatCount(config.coupons);
  return {
    lines: [
      {
        // The advance that opens a round while the coupons are outstanding: it reads all of
        // them to summarise their round, which is where a slow node would show it.
        name: `round advance, ${coupons} coupons outstanding (opens a round, summarises theirs)`,
        value: formatMs(advanceMs),
        baseline: formatMs(baselineMs),
        ratio: formatRatio(advanceMs / baselineMs),
        target: `< ${formatMs(targetMs)}`,
        status: statusOf(advanceMs < targetMs),
      },
      infoLine(
        `closing their round: expiring ${coupons} unclaimed coupons, in batches of 100`,
        formatMs(claiming.ms),
      ),
      infoLine(
        `creating ${coupons} coupons, ${formatCount(config.perTransaction)} per transaction`,
        `${formatCount(config.coupons / (createMs / 1000))} coupons/s`,
      ),
      {
        // The same advance on Splice's own packages, beside our Splice's figure of this run.
        name: `round advance, ${coupons} coupons outstanding, Splice's own packages (LF engine)`,
        value: formatMs(theirs.advanceMs),
        baseline: `${formatMs(advanceMs)} (TypeScript Splice)`,
        ratio: formatRatio(theirs.advanceMs / advanceMs),
        target: `< ${formatMs(targetMs)}`,
        status: statusOf(theirs.advanceMs < targetMs),
      },
      infoLine(
        `closing their round on Splice's own packages (TypeScript Splice: ${formatMs(claiming.ms)})`,
        formatMs(theirs.claiming.ms),
      ),
    ],
    notes: [
      `round advance baseline (no coupons), median of ${passes} passes: ${formatMs(baselineMs)}`,
      ...withCoupons.map(
        (pass, index) => `round advance pass ${index + 1} with coupons, ${describePass(pass)}`,
      ),
      `Splice's own packages, baseline (no coupons): ${formatMs(theirs.baselineMs)}`,
      ...theirs.withCoupons.map(
        (pass, index) =>
          `Splice's own packages, pass ${index + 1} with coupons, ${describePass(pass)}`,
      ),
    ],
  };
}

if (import.meta.main) {
  const result = await runRoundAdvance(readRoundAdvanceConfig());
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
