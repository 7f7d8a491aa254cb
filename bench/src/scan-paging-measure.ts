import { join } from 'node:path';
import { envInteger } from './bench-config.ts';
import {
  type BenchLine,
  formatCount,
  formatRatio,
  infoLine,
  median,
  statusOf,
} from './bench-line.ts';
import { runNodeScript } from './child-process.ts';
import type { PagingPlan, PagingResult } from './scan-paging-driver.ts';

// What the Scan paging benchmark measures with: its sizes, the alternating autocannon rounds
// against pocketnet and the baseline, and the rows it reports.

const driverScript = join(import.meta.dirname, 'scan-paging-driver.ts');
export const rateTarget = 0.4;
export const lastPageTarget = 1.5;

export function readScanPagingConfig() {
  return {
    updates: envInteger('BENCH_SCAN_UPDATES', 100_000),
    holdings: envInteger('BENCH_SCAN_HOLDINGS', 10_000),
    pageSize: envInteger('BENCH_SCAN_PAGE_SIZE', 100),
    connections: envInteger('BENCH_SCAN_CONNECTIONS', 10),
    seconds: envInteger('BENCH_SCAN_SECONDS', 4),
    rounds: envInteger('BENCH_SCAN_ROUNDS', 3),
    latencyRepeats: envInteger('BENCH_SCAN_LATENCY_REPEATS', 300),
  };
}

export type ScanPagingConfig = ReturnType<typeof readScanPagingConfig>;

type Side = { readonly url: string };

const measure = (plan: PagingPlan) =>
  runNodeScript<PagingResult>(driverScript, { args: [JSON.stringify(plan)] });

/** Alternating rounds of the baseline and pocketnet on the same bodies; medians of each. */
export async function compareRates(
  sides: { baseline: Side; pocketnet: Side },
  request: { path: string; bodies: readonly string[] },
  config: ScanPagingConfig,
) {
  const plan = (side: Side, seconds: number): PagingPlan => ({
    url: side.url,
    ...request,
    connections: config.connections,
    seconds,
  });
  await measure(plan(sides.baseline, 1));
  await measure(plan(sides.pocketnet, 1));
  const rates = { baseline: [] as number[], pocketnet: [] as number[] };
  let failures = 0;
  for (let round = 0; round < config.rounds; round++) {
    for (const side of ['baseline', 'pocketnet'] as const) {
      const result = await measure(plan(sides[side], config.seconds));
      rates[side].push(result.requestsPerSecond);
      failures += result.failures;
    }
  }
  return { baseline: median(rates.baseline), pocketnet: median(rates.pocketnet), failures };
}

export async function post(url: string, body: string): Promise<Buffer> {
  const response = await fetch(url, { method: 'POST', body });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${bytes}`);
  return bytes;
}

export function rateLine(name: string, rates: { baseline: number; pocketnet: number }): BenchLine {
  const ratio = rates.pocketnet / rates.baseline;
  return {
    name,
    value: `${formatCount(rates.pocketnet)} req/s`,
    baseline: `${formatCount(rates.baseline)} req/s`,
    ratio: formatRatio(ratio),
    target: `≥ ${rateTarget.toFixed(2)}×`,
    status: statusOf(ratio >= rateTarget),
  };
}

export const failureLines = (name: string, failures: number) =>
  failures > 0 ? [infoLine(`${name} failed requests`, formatCount(failures))] : [];
