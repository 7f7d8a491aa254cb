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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A redis-server of the test's own (AOF, appendfsync always), killable and restartable. */
export async function startOwnRedis() {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir];
    args.push('--appendonly', 'yes', '--appendfsync', 'always', '--save', '');
    const server = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
