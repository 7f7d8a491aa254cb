import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchConfig, readBenchConfig } from './bench-config.ts';
import { type BenchLine, type BenchResult, formatCount, formatMs, median } from './bench-line.ts';
import { runNodeScript } from './child-process.ts';
import type { LoadPlan, LoadResult } from './load-driver.ts';
import { freePort, isReady, repositoryRoot, startCommand, stop, usageOf } from './node-start.ts';
import { renderTable } from './report-table.ts';

const driverScript = join(import.meta.dirname, 'load-driver.ts');
// `npm start`'s command: its node flags, then its script and the command's words.
const scriptAt = startCommand.findIndex((word) => !word.startsWith('-'));
const ownFlags = startCommand.slice(0, scriptAt);
const script = startCommand.slice(scriptAt);

/** A node started by `npm start`'s command, with its node flags or candidate ones. */
type StartedNode = {
  readonly label: string;
  readonly url: string;
  readonly pid: number;
  readonly close: () => Promise<void>;
};

async function startNode(label: string, nodeFlags: readonly string[], dataDir: string) {
  const port = await freePort();
  const args = [...nodeFlags, ...script, '--port', String(port), '--data-dir', dataDir];
  const child = spawn(process.execPath, args, { cwd: repositoryRoot, stdio: 'ignore' });
  while (!(await isReady(port))) {
    if (child.exitCode !== null)
      throw new Error(`${label}: the node exited with ${child.exitCode}`);
    await sleep(5);
  }
  const node: StartedNode = {
    label,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    close: () => stop(child),
  };
  return node;
}

async function post(url: string, token: string | null, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** Bank and Alice, and a user acting as both, made through the node's own APIs as a user would. */
async function planOn(node: StartedNode, config: BenchConfig['http']) {
  const token = async (user: string) =>
    ((await post(`${node.url}/api/devnet/v0/dev-token`, null, { user })) as { token: string })
      .token;
  const admin = await token('participant_admin');
  const allocate = async (partyIdHint: string) =>
    (
      (await post(`${node.url}/v2/parties`, admin, { partyIdHint })) as {
        partyDetails: { party: string };
      }
    ).partyDetails.party;
  const bank = await allocate('bank');
  const alice = await allocate('alice');
  const userId = 'bench-user';
  const actAs = (party: string) => ({ kind: { CanActAs: { value: { party } } } });
  await post(`${node.url}/v2/users`, admin, {
    user: { id: userId, primaryParty: alice },
    rights: [actAs(bank), actAs(alice)],
  });
  const userToken = await token(userId);
  return (label: string, seconds: number): LoadPlan => ({
    url: node.url,
    path: '/v2/commands/submit-and-wait',
    connections: config.connections,
    seconds,
    token: userToken,
    userId,
    actAs: [bank, alice],
    createArguments: { issuer: bank, owner: alice, currency: 'USD', amount: '10.0', observers: [] },
    commandPrefix: `${label}-${Date.now()}`,
  });
}

type Run = LoadResult & { readonly cpuMicrosPerRequest: number; readonly rssMb: number };

async function measure(node: StartedNode, plan: LoadPlan): Promise<Run> {
  const before = await usageOf(node.pid);
  const result = await runNodeScript<LoadResult>(driverScript, { args: [JSON.stringify(plan)] });
  const after = await usageOf(node.pid);
  if (result.failures > 0) throw new Error(`${node.label}: ${result.failures} requests failed`);
  return {
    ...result,
    cpuMicrosPerRequest: ((after.cpuMs - before.cpuMs) * 1000) / Math.max(1, result.total),
    rssMb: after.rssMb,
  };
}

/**
 * Submit-and-wait against two nodes started by `npm start`'s command, one with candidate node
 * flags and one with `npm start`'s own, taking turns. The default candidate,
 * `--max-semi-space-size=4`, saves ~20 MB of resident memory at idle; this weighs what it costs
 * under load (a smaller young generation scavenges more often).
 */
export async function runStartFlags(config: BenchConfig['http']): Promise<BenchResult> {
  // BENCH_START_FLAGS: the candidate node flags, space-separated.
  const flags = (process.env.BENCH_START_FLAGS || '--max-semi-space-size=4').split(/\s+/);
  const ownLabel = ownFlags.length > 0 ? ownFlags.join(' ') : "npm start's (no node flags)";
  const dirs = [
    await mkdtemp(join(tmpdir(), 'pocketnet-bench-flags-')),
    await mkdtemp(join(tmpdir(), 'pocketnet-bench-noflags-')),
  ] as const;
  const withFlags = await startNode(flags.join(' '), flags, dirs[0]);
  const without = await startNode(ownLabel, ownFlags, dirs[1]);
  try {
    const sides = [
      { node: withFlags, plan: await planOn(withFlags, config), runs: [] as Run[] },
      { node: without, plan: await planOn(without, config), runs: [] as Run[] },
    ];
    for (const side of sides) await measure(side.node, side.plan('warmup', config.warmupSeconds));
    // Taking turns spreads slow drifts (other load, CPU clock) over both sides equally.
    for (let round = 0; round < config.rounds; round += 1) {
      for (const side of sides) {
        side.runs.push(await measure(side.node, side.plan(`round-${round}`, config.seconds)));
      }
    }
    const [ours, base] = sides.map((side) => ({
      rps: median(side.runs.map((run) => run.requestsPerSecond)),
      p99: median(side.runs.map((run) => run.p99Ms)),
      cpu: median(side.runs.map((run) => run.cpuMicrosPerRequest)),
      rss: Math.max(...side.runs.map((run) => run.rssMb)),
    })) as [Stats, Stats];
    const line = (name: string, value: string, baseline: string, ratio: number): BenchLine => ({
      name: `${name}, ${withFlags.label} vs ${without.label}`,
      value,
      baseline,
      ratio: `${ratio.toFixed(2)}×`,
      target: 'info',
      status: 'INFO',
    });
    return {
      lines: [
        line(
          'submit-and-wait req/s',
          formatCount(ours.rps),
          formatCount(base.rps),
          ours.rps / base.rps,
        ),
        line('submit-and-wait p99', formatMs(ours.p99), formatMs(base.p99), ours.p99 / base.p99),
        line(
          'node CPU per request',
          `${ours.cpu.toFixed(0)} µs`,
          `${base.cpu.toFixed(0)} µs`,
          ours.cpu / base.cpu,
        ),
        line(
          'node RSS under load (max)',
          `${ours.rss.toFixed(0)} MB`,
          `${base.rss.toFixed(0)} MB`,
          ours.rss / base.rss,
        ),
      ],
      notes: sides.map(
        (side) =>
          `${side.node.label}: req/s per round ${side.runs.map((run) => formatCount(run.requestsPerSecond)).join(', ')}`,
      ),
    };
  } finally {
    await Promise.all([withFlags.close(), without.close()]);
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

type Stats = { rps: number; p99: number; cpu: number; rss: number };

if (import.meta.main) {
  const result = await runStartFlags(readBenchConfig().http);
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
