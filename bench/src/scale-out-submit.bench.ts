import { join } from 'node:path';
import { envInteger } from './bench-config.ts';
import {
  type BenchLine,
  type BenchResult,
  formatCount,
  formatMs,
  formatRatio,
  infoLine,
  median,
} from './bench-line.ts';
import { runNodeScript } from './child-process.ts';
import type { LoadPlan, LoadResult } from './load-driver.ts';
import { renderTable } from './report-table.ts';
import { type ServedNetwork, startEmbedded, startScaledOut } from './scale-out-processes.ts';

// Submit-and-wait through two gateway replicas (commands on BullMQ to one writer, the journal a
// Redis Stream, each gateway's bus fed from it) against the same load on one embedded process
// (file journal, everything in process). Every request creates an Iou with a new command id.

const driverScript = join(import.meta.dirname, 'load-driver.ts');

export function readScaleOutConfig() {
  return {
    connections: envInteger('BENCH_SCALE_OUT_CONNECTIONS', 64),
    seconds: envInteger('BENCH_SCALE_OUT_SECONDS', 5),
    rounds: envInteger('BENCH_SCALE_OUT_ROUNDS', 2),
  };
}

type Config = ReturnType<typeof readScaleOutConfig>;

async function allocate(url: string, hint: string): Promise<string> {
  const response = await fetch(`${url}/v2/parties`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ partyIdHint: hint }),
  });
  if (!response.ok) throw new Error(`allocating ${hint}: ${response.status}`);
  return ((await response.json()) as { partyDetails: { party: string } }).partyDetails.party;
}

/** The load split over the network's URLs, run at once, one driver process per URL. */
async function drive(network: ServedNetwork, config: Config, seconds: number, label: string) {
  const [first = ''] = network.urls;
  const bank = await allocate(first, `bank-${label}`);
  const plans: LoadPlan[] = network.urls.map((url, index) => ({
    url,
    path: '/v2/commands/submit-and-wait',
    connections: Math.ceil(config.connections / network.urls.length),
    seconds,
    token: 'none',
    userId: 'participant_admin',
    actAs: [bank],
    createArguments: { issuer: bank, owner: bank, currency: 'USD', amount: '10.0', observers: [] },
    commandPrefix: `${label}-${index}-${Date.now()}`,
  }));
  const results = await Promise.all(
    plans.map((plan) => runNodeScript<LoadResult>(driverScript, { args: [JSON.stringify(plan)] })),
  );
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0),
    p50Ms: Math.max(...results.map((result) => result.p50Ms)),
    p99Ms: Math.max(...results.map((result) => result.p99Ms)),
    failures: results.reduce((sum, result) => sum + result.failures, 0),
  };
}

async function measure(start: () => Promise<ServedNetwork>, config: Config, label: string) {
  const network = await start();
  try {
    await drive(network, config, 2, `${label}-warmup`);
    const runs = [];
    for (let round = 0; round < config.rounds; round += 1) {
      runs.push(await drive(network, config, config.seconds, `${label}-${round}`));
    }
    return {
      requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      failures: runs.reduce((sum, run) => sum + run.failures, 0),
    };
  } finally {
    await network.close();
  }
}

export async function runScaleOutSubmit(config: Config): Promise<BenchResult> {
  const embedded = await measure(startEmbedded, config, 'embedded');
  const scaled = await measure(() => startScaledOut(2), config, 'scaled');
  const ratio = scaled.requestsPerSecond / embedded.requestsPerSecond;
  const lines: BenchLine[] = [
    {
      name: 'submit-and-wait, 2 gateways + writer on Redis',
      value: `${formatCount(scaled.requestsPerSecond)}/s`,
      baseline: `${formatCount(embedded.requestsPerSecond)}/s embedded`,
      ratio: formatRatio(ratio),
      target: 'info',
      status: 'INFO',
    },
    infoLine(
      '  latency p50 / p99, scaled out',
      `${formatMs(scaled.p50Ms)} / ${formatMs(scaled.p99Ms)}`,
    ),
    infoLine(
      '  latency p50 / p99, embedded',
      `${formatMs(embedded.p50Ms)} / ${formatMs(embedded.p99Ms)}`,
    ),
  ];
  const notes = [
    `scale-out submit: ${config.connections} connections, ${config.seconds} s × ${config.rounds} rounds; ` +
      `failures ${scaled.failures} scaled, ${embedded.failures} embedded. All processes share this ` +
      "machine's cores with Redis and the load drivers.",
  ];
  return { lines, notes };
}

if (import.meta.main) {
  const result = await runScaleOutSubmit(readScaleOutConfig());
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
