import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freshRedisPrefix, redisUrl } from './redis-test-prefix.ts';

// The whole stack as `npm start` runs it: the CLI reads --config and REDIS_URL, starts the
// automations and serves their queues at /api/automations/v0/queues.

const main = fileURLToPath(new URL('../../packages/cli/src/main.js', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

type Started = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

function startCli(args: string[], env: Record<string, string> = {}): Started {
  const child = spawn(
    process.execPath,
    ['--conditions=development', main, 'start', '--ephemeral', ...args],
    {
      env: { ...process.env, REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => text, exit };
}

async function ready(started: Started): Promise<{ token: string }> {
  while (!/admin token\s+(\S+)/.test(started.output())) {
    const exited = await Promise.race([
      started.exit.then(() => true),
      new Promise((r) => setTimeout(r, 50, false)),
    ]);
    if (exited) throw new Error(`the node exited: ${started.output()}`);
  }
  return { token: /admin token\s+(\S+)/.exec(started.output())?.[1] ?? '' };
}

describe('pocketnet start with automations', () => {
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  const configFile = async (name: string, text: string) => {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-cli-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };

  it('refuses to start with a bad config, naming the key', async () => {
    const path = await configFile(
      'bad.yaml',
      'topup:\n  targetThroughput: 100\n  minTopupInterval: soon\n',
    );
    const started = startCli(['--port', String(await freePort()), '--config', path]);
    children.push(started.child);
    expect(await started.exit).toBe(2);
    expect(started.output()).toMatch(/topup\.minTopupInterval: expected a positive duration/);
  });

  it('serves the queues of the in-process runner to the operator', async () => {
    const path = await configFile(
      'validator.json',
      JSON.stringify({ validatorWalletUser: 'operator' }),
    );
    const port = await freePort();
    const started = startCli(['--port', String(port), '--config', path]);
    children.push(started.child);
    const { token } = await ready(started);
    expect(started.output()).toMatch(/validator operator .*\(user operator\)/);
    const response = await fetch(`http://127.0.0.1:${port}/api/automations/v0/queues`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      runner: string;
      queues: { name: string; counts: Record<string, number> }[];
    };
    expect(body.runner).toBe('in-process');
    expect(body.queues.map((queue) => queue.name)).toContain('sv-automation');
    expect(Object.keys(body.queues[0]?.counts ?? {}).sort()).toEqual([
      'active',
      'completed',
      'delayed',
      'failed',
      'waiting',
    ]);
    const anonymous = await fetch(`http://127.0.0.1:${port}/api/automations/v0/queues`);
    expect(anonymous.status).toBe(401);
  });

  it('runs on BullMQ with REDIS_URL', async () => {
    const keys = freshRedisPrefix();
    cleanups.push(keys.remove);
    const port = await freePort();
    const started = startCli(['--port', String(port)], {
      REDIS_URL: redisUrl,
      POCKETNET_REDIS_PREFIX: keys.prefix,
    });
    children.push(started.child);
    const { token } = await ready(started);
    const response = await fetch(`http://127.0.0.1:${port}/api/automations/v0/queues`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await response.json()) as { runner: string }).runner).toBe('bullmq');
  });
});
