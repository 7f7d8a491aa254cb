import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { defaultAudience, mintDevToken } from '@pocketnet/gateway';
import { type BenchConfig, readBenchConfig } from './bench-config.ts';
import type { BenchResult } from './bench-line.ts';
import { runNodeScript } from './child-process.ts';
import { startFloorServer } from './http-diagnostic-servers.ts';
import {
  devSecret,
  type RunningServer,
  startBaselineServer,
  startGatewayServer,
} from './http-servers.ts';
import { type MeasuredRun, summariseHttp } from './http-summary.ts';
import { iouTemplate } from './iou-commands.ts';
import { type IouNode, startIouNode } from './iou-node.ts';
import type { LoadPlan, LoadResult } from './load-driver.ts';
import { renderTable } from './report-table.ts';

const submitPath = '/v2/commands/submit-and-wait';
const driverScript = join(import.meta.dirname, 'load-driver.ts');

type PlanFor = (server: RunningServer, label: string, seconds: number) => LoadPlan;

async function planFor(ledger: IouNode, config: BenchConfig['http']): Promise<PlanFor> {
  const { userId, bank, alice } = ledger;
  const token = await mintDevToken({ userId, secret: devSecret, audience: defaultAudience });
  return (server, label, seconds) => ({
    url: server.url,
    path: submitPath,
    connections: config.connections,
    seconds,
    token,
    userId,
    actAs: [bank, alice],
    createArguments: { issuer: bank, owner: alice, currency: 'USD', amount: '10.0', observers: [] },
    commandPrefix: `${label}-${Date.now()}`,
  });
}

/** One request by hand first: a broken setup should fail loudly, not measure 401s quickly. */
async function checkSubmitWorks(plan: LoadPlan): Promise<void> {
  const create = {
    CreateCommand: { templateId: iouTemplate, createArguments: plan.createArguments },
  };
  const response = await fetch(`${plan.url}${plan.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${plan.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      commands: [create],
      commandId: `${plan.commandPrefix}-check`,
      userId: plan.userId,
      actAs: plan.actAs,
    }),
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`submit-and-wait answered ${response.status}: ${text}`);
}

/**
 * The load runs in a child process; the bench process only serves, so its CPU time during a
 * run is what the server under load spent (both servers idle otherwise).
 */
async function measure(plan: LoadPlan): Promise<MeasuredRun> {
  const pauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  const before = process.cpuUsage();
  const result = await runNodeScript<LoadResult>(driverScript, { args: [JSON.stringify(plan)] });
  const cpu = process.cpuUsage(before);
  observer.disconnect();
  return {
    ...result,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, result.total),
    gcMs: pauses.reduce((sum, pause) => sum + pause, 0),
    longestGcMs: Math.max(0, ...pauses),
  };
}

const sides = ['baseline', 'pocketnet', 'authNone', 'floor'] as const;

type Servers = Record<(typeof sides)[number], RunningServer>;

async function runAll(servers: Servers, plan: PlanFor, config: BenchConfig['http']) {
  for (const side of sides) {
    await measure(plan(servers[side], `warmup-${side}`, config.warmupSeconds));
  }
  const runs: Record<(typeof sides)[number], MeasuredRun[]> = {
    baseline: [],
    pocketnet: [],
    authNone: [],
    floor: [],
  };
  // Taking turns spreads slow drifts (other load, CPU clock) over every side equally.
  for (let round = 0; round < config.rounds; round += 1) {
    for (const side of sides) {
      runs[side].push(await measure(plan(servers[side], `${side}-${round}`, config.seconds)));
    }
  }
  return runs;
}

export async function runHttpSubmit(config: BenchConfig['http']): Promise<BenchResult> {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-http-'));
  const ledger = await startIouNode(dir);
  const pocketnet = await startGatewayServer(ledger.node);
  const authNone = await startGatewayServer(ledger.node, { mode: 'none' });
  const baseline = await startBaselineServer();
  const floor = await startFloorServer(ledger, join(dir, 'floor'));
  try {
    const plan = await planFor(ledger, config);
    await checkSubmitWorks(plan(pocketnet, 'check', 1));
    await checkSubmitWorks(plan(authNone, 'check-none', 1));
    const runs = await runAll({ baseline, pocketnet, authNone, floor }, plan, config);
    const loggedErrors = pocketnet.loggedErrors.count + authNone.loggedErrors.count;
    return summariseHttp({ ...runs, loggedErrors }, config);
  } finally {
    await Promise.all([pocketnet.close(), authNone.close(), baseline.close(), floor.close()]);
    await ledger.node.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const result = await runHttpSubmit(readBenchConfig().http);
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
