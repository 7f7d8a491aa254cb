import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../node-process.ts';

/**
 * A redis-server of the test's own (the shared one on 6379 must never be killed), on a free
 * port with its AOF in a temp folder: `appendfsync always` and `noeviction`, as the reliability
 * configuration of docker-compose.yml. It can be killed and started again on the same port and
 * files, with settings of its own on top (later arguments win: `['--appendonly', 'no']`).
 */
export async function startOwnRedis(options: { readonly appendfsync?: string } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-redis-'));
  const port = await findFreePort();
  let child: ChildProcess | null = null;
  const start = async (overrides: readonly string[] = []) => {
    const server = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        options.appendfsync ?? 'always',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
        ...overrides,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = server;
    let output = '';
    await new Promise<void>((ready, fail) => {
      const check = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Ready to accept connections')) ready();
      };
      server.stdout?.on('data', check);
      server.once('exit', (code) => fail(new Error(`redis-server exited ${code}: ${output}`)));
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    /** SIGKILL: no shutdown save, only what the AOF holds survives. */
    async kill() {
      const server = child;
      if (server === null || server.exitCode !== null) return;
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGKILL');
      await exited;
    },
    start,
    async stop() {
      await this.kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
