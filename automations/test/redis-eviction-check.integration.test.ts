import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createJobRunner } from '../src/create-job-runner.ts';
import { assertRedisKeepsKeys, RedisEvictsKeysError } from '../src/redis/redis-eviction-check.ts';
import { redisUrl } from './redis-test-prefix.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** A redis-server of the test's own that evicts keys, as a cache would be configured. */
async function evictingRedis(): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--maxmemory',
    '64mb',
    '--maxmemory-policy',
    'allkeys-lru',
  ]);
  await new Promise<void>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
  });
  return { url: `redis://127.0.0.1:${port}`, process: child };
}

describe('the Redis the queues live in', () => {
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('accepts a Redis that keeps its keys (noeviction)', async () => {
    await expect(assertRedisKeepsKeys(redisUrl)).resolves.toBeUndefined();
  });

  it('refuses to start on a Redis that evicts keys, naming its policy', async () => {
    const redis = await evictingRedis();
    children.push(redis.process);
    await expect(assertRedisKeepsKeys(redis.url)).rejects.toThrow(RedisEvictsKeysError);
    await expect(
      createJobRunner({ redisUrl: redis.url, logger: pino({ level: 'silent' }) }),
    ).rejects.toThrow(/maxmemory-policy allkeys-lru.*noeviction/);
  });

  it('runs jobs in process when no Redis URL is given', async () => {
    const runner = await createJobRunner({ logger: pino({ level: 'silent' }) });
    expect(runner.kind).toBe('in-process');
    await runner.close();
  });
});
