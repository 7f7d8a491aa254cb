import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JournalRecord } from '@pocketnet/ledger';

export const sharedRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const freshPrefix = () => `test-${randomUUID()}`;

export function topologyRecord(offset: number): JournalRecord {
  return {
    type: 'topology',
    offset,
    updateId: `1220${offset.toString(16).padStart(64, '0')}`,
    synchronizerId: 'global-domain::1220',
    recordTime: '2026-01-01T00:00:00.000000Z',
    participantId: 'participant1::1220',
    parties: [`party-${offset}::1220`],
    annotations: {},
    identityProviderId: '',
    grantedTo: null,
  };
}

/**
 * A redis-server of the test's own (the shared one on 6379 must never be killed), on a free
 * port with its AOF in a temp folder: `appendfsync always` and `noeviction`, as the reliability
 * configuration of docker-compose.yml. It can be killed and started again on the same port and
 * files, with settings of its own on top (later arguments win: `['--appendonly', 'no']`).
 */
export async function startOwnRedis(options: { readonly appendfsync?: string } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-redis-'));
  const port = await freePort();
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
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Ready to accept connections')) ready();
      });
      server.once('exit', (code) => fail(new Error(`redis-server exited ${code}: ${output}`)));
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    /** SIGKILL: no shutdown save, only what the AOF holds survives. */
    async kill() {
      const server = child;
      if (server === null || server.exitCode !== null) return;
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGKILL');
      await exited;
    },
    async stop() {
      await this.kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}
