import { type ChildProcess, spawn } from 'node:child_process';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchConfig, readBenchConfig } from './bench-config.ts';
import { type BenchResult, formatMs, formatRatio, median, statusOf } from './bench-line.ts';
import { renderTable } from './report-table.ts';

const repositoryRoot = join(import.meta.dirname, '..', '..');
const cliMain = join(repositoryRoot, 'packages', 'cli', 'src', 'main.ts');
const targetMs = 500;
const giveUpMs = 20_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function isReady(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.once('error', () => resolve(false));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Milliseconds from spawn to the first 200 on /readyz, polling every millisecond. */
async function timeToReady(args: (port: number) => string[]): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args(port), { cwd: repositoryRoot, stdio: 'ignore' });
  try {
    while (!(await isReady(port))) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (performance.now() - started > giveUpMs) throw new Error('the server never got ready');
      await sleep(1);
    }
    return performance.now() - started;
  } finally {
    await stop(child);
  }
}

const pocketnetArgs = (port: number) => [cliMain, 'start', '--ephemeral', '--port', String(port)];

// The least any Node HTTP server needs: start Node, listen, answer.
const bareArgs = (port: number) => [
  '-e',
  `require('node:http').createServer((q, s) => s.end('{}')).listen(${port}, '127.0.0.1')`,
];

export async function runColdStart(config: BenchConfig['coldStart']): Promise<BenchResult> {
  const pocketnet: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < config.repeats; run += 1) {
    bare.push(await timeToReady(bareArgs));
    pocketnet.push(await timeToReady(pocketnetArgs));
  }
  const [ours, base] = [median(pocketnet), median(bare)];
  const runs = (values: number[]) => values.map((value) => formatMs(value)).join(', ');
  return {
    lines: [
      {
        name: 'cold start to /readyz (--ephemeral)',
        value: formatMs(ours),
        baseline: formatMs(base),
        ratio: formatRatio(ours / base),
        target: `< ${formatMs(targetMs)}`,
        status: statusOf(ours < targetMs),
      },
    ],
    notes: [`cold start runs, pocketnet: ${runs(pocketnet)}; bare node:http: ${runs(bare)}`],
  };
}

if (import.meta.main) {
  const result = await runColdStart(readBenchConfig().coldStart);
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
