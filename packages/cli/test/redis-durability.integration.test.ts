import { startOwnRedis } from '@pocketnet/automations/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from './node-process.ts';
import { freshRedisPrefix, redisUrl } from './reliability/redis-test-keys.ts';
import { type RoleProcess, spawnRole } from './reliability/role-process.ts';

// The shared test Redis on 6379 keeps no AOF (appendonly no): a journal there would lose
// acknowledged commands when Redis restarts, so the writer and `start` refuse it unless told
// the network is a throwaway one.

describe('the durability a journal in Redis requires', () => {
  const cleanups: Array<() => Promise<void>> = [];
  const roles: RoleProcess[] = [];
  afterEach(async () => {
    await Promise.all(roles.splice(0).map((role) => role.kill('SIGKILL')));
    // Newest first: a Redis of the test's own goes after the keys written to it.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const spawn = async (role: 'writer' | 'start', url: string, args: readonly string[] = []) => {
    const keys = freshRedisPrefix(url);
    cleanups.push(keys.remove);
    const port = String(await findFreePort());
    const env = { REDIS_URL: url, POCKETNET_REDIS_PREFIX: keys.prefix, LOG_LEVEL: 'warn' };
    const spawned = spawnRole(role, ['--port', port, '--no-devnet', ...args], env);
    roles.push(spawned);
    return spawned;
  };

  it.each(['writer', 'start'] as const)(
    'is refused by `%s` with exit code 2, naming the setting',
    async (role) => {
      const refused = await spawn(role, redisUrl);
      expect(await refused.exited).toEqual({ code: 2, signal: null });
      const lines = refused.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^pocketnet( writer)?: Redis at ${redisUrl.replaceAll('/', '\\/')} has appendonly no: .*` +
            'Set appendonly yes .*--redis-durability none \\(POCKETNET_REDIS_DURABILITY=none\\)',
        ),
      );
    },
  );

  it('is taken by the writer with --redis-durability none', async () => {
    const writer = await spawn('writer', redisUrl, ['--redis-durability', 'none']);
    await writer.waitFor(/pocketnet writer ready \(life 0, .*AOF no\//);
  });

  it('is taken with AOF, and a warning when Redis does not fsync before acknowledging', async () => {
    const own = await startOwnRedis({ appendfsync: 'everysec' });
    cleanups.push(() => own.stop());
    const writer = await spawn('writer', own.url);
    await writer.waitFor(/pocketnet writer ready \(life 0, .*AOF yes\/everysec\)/);
    expect(writer.output()).toMatch(
      /"level":40.*"appendfsync":"everysec".*appendfsync is not always/,
    );
  });
});
