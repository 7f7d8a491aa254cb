import { readActorRoutingConfig, runActorRouting } from './actors-routing.bench.ts';
import { readAmuletTransferConfig, runAmuletTransfer } from './amulet-transfer.bench.ts';
import { readAutomationJobsConfig, runAutomationJobs } from './automation-jobs.bench.ts';
import { readBenchConfig } from './bench-config.ts';
import type { BenchLine, BenchResult } from './bench-line.ts';
import { runColdStart } from './cold-start.bench.ts';
import { runDarLoad } from './dar-load.bench.ts';
import { runEngineThroughput } from './engine-throughput.bench.ts';
import {
  readGraphQLSubscriptionsConfig,
  runGraphQLSubscriptions,
} from './graphql-subscriptions.bench.ts';
import { runHttpSubmit } from './http-submit.bench.ts';
import { runLfAmuletTransfer } from './lf-amulet-transfer.bench.ts';
import { runLocalnetStart } from './localnet-start.bench.ts';
import { runMemoryPerContract } from './memory-per-contract.bench.ts';
import { readRedisJournalConfig, runRedisJournal } from './redis-journal.bench.ts';
import { runReplay } from './replay.bench.ts';
import { renderTable } from './report-table.ts';
import { readRoundAdvanceConfig, runRoundAdvance } from './round-advance.bench.ts';
import { readScaleOutConfig, runScaleOutSubmit } from './scale-out-submit.bench.ts';
import { runScanPaging } from './scan-paging.bench.ts';
import { readScanPagingConfig } from './scan-paging-measure.ts';
import { runStartFlags } from './start-flags.bench.ts';
import { readTimeMachineConfig, runTimeMachine } from './time-machine.bench.ts';

const config = readBenchConfig();

/**
 * `--only scale-out,replay` (or BENCH_ONLY): the benchmarks whose names hold one of the words,
 * ignoring case. From the root, `BENCH_ONLY=scale-out npm run bench` (npm takes `--only` itself).
 */
function selectedWords(args: readonly string[]): string[] {
  const index = args.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  const given =
    index < 0 ? process.env.BENCH_ONLY : (args[index]?.split('=')[1] ?? args[index + 1]);
  return (given ?? '')
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length > 0);
}

// Cheap and isolated ones first; the memory benchmark runs in child processes of its own.
const benchmarks: ReadonlyArray<readonly [string, () => Promise<BenchResult>]> = [
  ['engine throughput', () => runEngineThroughput(config.engine)],
  ['AmuletRules_Transfer throughput', () => runAmuletTransfer(readAmuletTransferConfig())],
  [
    'AmuletRules_Transfer, Daml-LF vs TypeScript',
    () => runLfAmuletTransfer(readAmuletTransferConfig()),
  ],
  ['round advance with reward coupons', () => runRoundAdvance(readRoundAdvanceConfig())],
  ['workflow actors vs a bare Subject', () => runActorRouting(readActorRoutingConfig())],
  ['HTTP submit-and-wait vs node:http', () => runHttpSubmit(config.http)],
  ['Scan paging vs pre-serialised pages', () => runScanPaging(readScanPagingConfig())],
  [
    'GraphQL subscriptions vs a raw ws broadcast',
    () => runGraphQLSubscriptions(readGraphQLSubscriptionsConfig()),
  ],
  ['automation jobs vs raw BullMQ', () => runAutomationJobs(readAutomationJobsConfig())],
  ['scale-out: Redis journal vs raw XADD', () => runRedisJournal(readRedisJournalConfig())],
  [
    'scale-out: submit-and-wait, 2 gateways vs embedded',
    () => runScaleOutSubmit(readScaleOutConfig()),
  ],
  ['cold start', () => runColdStart(config.coldStart)],
  ["npm start's node flags, submit-and-wait", () => runStartFlags(config.http)],
  ['LocalNet: three validators vs one', () => runLocalnetStart(config.coldStart.repeats)],
  ["start with Splice's DARs", () => runDarLoad()],
  ['replay', () => runReplay(config.replay)],
  ['time machine: snapshot, revert, reset, load', () => runTimeMachine(readTimeMachineConfig())],
  ['memory per active contract', () => runMemoryPerContract(config.memory)],
];

const words = selectedWords(process.argv.slice(2));
const selected = benchmarks.filter(
  ([name]) => words.length === 0 || words.some((word) => name.toLowerCase().includes(word)),
);
if (selected.length === 0) throw new Error(`no benchmark matches ${words.join(', ')}`);

const lines: BenchLine[] = [];
const notes: string[] = [];
const started = performance.now();
for (const [name, run] of selected) {
  const began = performance.now();
  process.stdout.write(`running ${name} ... `);
  const result = await run();
  process.stdout.write(`${((performance.now() - began) / 1000).toFixed(1)} s\n`);
  lines.push(...result.lines);
  notes.push(...result.notes);
}

console.log(
  `\npocketnet bench, Node ${process.version}, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
);
console.log(renderTable(lines));
console.log(`\n${notes.join('\n')}`);
const missed = lines.filter((line) => line.status === 'MISS').length;
console.log(missed === 0 ? '\nall targets met' : `\n${missed} target(s) missed`);
