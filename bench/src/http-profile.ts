import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultAudience, mintDevToken } from '@pocketnet/gateway';
import { envInteger } from './bench-config.ts';
import { runNodeScript } from './child-process.ts';
import { startDirectServer, startFloorServer } from './http-diagnostic-servers.ts';
import {
  devSecret,
  type RunningServer,
  startBaselineServer,
  startGatewayServer,
} from './http-servers.ts';
import { type IouNode, startIouNode } from './iou-node.ts';
import type { LoadPlan, LoadResult } from './load-driver.ts';

/**
 * Where an HTTP submit's time goes: one server alone under the bench's load, then its CPU time
 * per request by thread (main, the journal writer, V8's GC helpers, libuv's pool), its event
 * loop utilisation, and on request a CPU profile (PROFILE=file.cpuprofile) or an allocation
 * profile (HEAP_PROFILE=file.heapprofile) of the measured run. Not part of `npm run bench`.
 *
 *   node --conditions=development src/http-profile.ts [pocketnet|baseline|direct|floor]
 *
 * pocketnet: the gateway over a node with a file journal; baseline: the bare node:http server;
 * direct: the node without the gateway (a bare server calling the command service); floor: the
 * bare server plus one durable journal append per request. EPHEMERAL=1: a memory journal.
 */
const side = process.argv[2] ?? 'pocketnet';
const seconds = envInteger('BENCH_HTTP_SECONDS', 8);
const connections = envInteger('BENCH_HTTP_CONNECTIONS', 20);
const driver = join(import.meta.dirname, 'load-driver.ts');

/** CPU time (user + system, in clock ticks of 10 ms) of each thread of this process. */
async function threadTicks(): Promise<Map<string, { name: string; ticks: number }>> {
  const ticks = new Map<string, { name: string; ticks: number }>();
  for (const tid of await readdir('/proc/self/task')) {
    const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const fields = stat.slice(close + 2).split(' ');
    const name = tid === String(process.pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, close);
    ticks.set(tid, { name, ticks: Number(fields[11]) + Number(fields[12]) });
  }
  return ticks;
}

function microsPerRequestByThread(
  before: Map<string, { ticks: number }>,
  after: Map<string, { name: string; ticks: number }>,
  requests: number,
): Record<string, number> {
  const perThread: Record<string, number> = {};
  for (const [tid, { name, ticks }] of after) {
    const spent = ticks - (before.get(tid)?.ticks ?? 0);
    perThread[name] = (perThread[name] ?? 0) + Math.round((spent * 10_000) / requests);
  }
  return perThread;
}

type ProfiledServer = RunningServer & { journalStats?(): Record<string, number> };

function startServer(ledger: IouNode, dir: string): Promise<ProfiledServer> {
  if (side === 'baseline') return startBaselineServer();
  if (side === 'direct') return startDirectServer(ledger);
  if (side === 'floor') return startFloorServer(ledger, join(dir, 'floor'));
  return startGatewayServer(ledger.node);
}

async function planner(ledger: IouNode, server: RunningServer) {
  const { userId, bank, alice } = ledger;
  const token = await mintDevToken({ userId, secret: devSecret, audience: defaultAudience });
  return (label: string, runSeconds: number): LoadPlan => ({
    url: server.url,
    path: '/v2/commands/submit-and-wait',
    connections,
    seconds: runSeconds,
    token,
    userId,
    actAs: [bank, alice],
    createArguments: { issuer: bank, owner: alice, currency: 'USD', amount: '10.0', observers: [] },
    commandPrefix: `${label}-${Date.now()}`,
  });
}

/** Starts the CPU or allocation profiler asked for; returns what stops it and saves it. */
async function startProfilers(): Promise<(requests: number) => Promise<void>> {
  const session = new Session();
  session.connect();
  const { PROFILE: cpuTo, HEAP_PROFILE: heapTo } = process.env;
  if (cpuTo) {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  if (heapTo) {
    await session.post('HeapProfiler.enable');
    // Every allocation, not only what is still live at the end: what the collector works on.
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  return async (requests) => {
    if (cpuTo) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(cpuTo, JSON.stringify({ ...profile, requests }));
    }
    if (heapTo) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      await writeFile(heapTo, JSON.stringify({ ...profile, requests }));
    }
    session.disconnect();
  };
}

const dir = await mkdtemp(join(tmpdir(), 'pocketnet-profile-'));
const ledger = await startIouNode(process.env.EPHEMERAL ? null : dir);
const server = await startServer(ledger, dir);
const plan = await planner(ledger, server);
await runNodeScript<LoadResult>(driver, { args: [JSON.stringify(plan('warmup', 2))] });
const stopProfilers = await startProfilers();
const eventLoop = performance.eventLoopUtilization();
const ticks = await threadTicks();
const result = await runNodeScript<LoadResult>(driver, {
  args: [JSON.stringify(plan('run', seconds))],
});
const utilisation = performance.eventLoopUtilization(eventLoop).utilization;
const byThread = microsPerRequestByThread(ticks, await threadTicks(), result.total);
await stopProfilers(result.total);
console.log(JSON.stringify({ side, ...result, eventLoopUtilisation: utilisation.toFixed(2) }));
console.log(`CPU µs per request by thread: ${JSON.stringify(byThread)}`);
if (server.journalStats) console.log(`journal: ${JSON.stringify(server.journalStats())}`);
await server.close();
await ledger.node.close();
await rm(dir, { recursive: true, force: true });
