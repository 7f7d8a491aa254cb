import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort, waitForHttpOk } from './node-process.ts';
import { ok, tokenOf } from './reliability/network-http.ts';
import { freshRedisPrefix, redisUrl } from './reliability/redis-test-keys.ts';
import { type RoleProcess, spawnRole } from './reliability/role-process.ts';

// Issue 20: uploaded packages are durable in the Redis journal too: a node started again on
// the same keys lists them and serves their bytes as uploaded.

const holdingDar = new URL(
  '../../../../shared/dars/splice-api-token-holding-v1-1.0.0.dar',
  import.meta.url,
);
// The token standard's Holding API (SOURCES.md): the DAR's main package.
const holdingId = '718a0f77e505a8de22f188bd4c87fe74101274e9d4cb1bfac7d09aec7158d35b';

describe('packages uploaded to a node on Redis', () => {
  const roles: RoleProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(roles.splice(0).map((role) => role.kill('SIGKILL')));
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  const start = async (prefix: string) => {
    const port = await findFreePort();
    const args = ['--port', String(port), '--no-devnet', '--redis-durability', 'none'];
    const env = { REDIS_URL: redisUrl, POCKETNET_REDIS_PREFIX: prefix };
    const node = spawnRole('start', args, env);
    roles.push(node);
    const base = `http://127.0.0.1:${port}`;
    await waitForHttpOk(`${base}/readyz`);
    return { node, base };
  };

  it('survive a restart: listed and served byte for byte', async () => {
    const keys = freshRedisPrefix();
    cleanups.push(keys.remove);
    const first = await start(keys.prefix);
    const upload = await fetch(`${first.base}/v2/dars`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await tokenOf('participant_admin')}`,
        'content-type': 'application/octet-stream',
      },
      body: await readFile(holdingDar),
    });
    expect(upload.status).toBe(200);
    const served = async (base: string) =>
      new Uint8Array(
        await (
          await fetch(`${base}/v2/packages/${holdingId}`, {
            headers: { authorization: `Bearer ${await tokenOf('participant_admin')}` },
          })
        ).arrayBuffer(),
      );
    const before = await served(first.base);
    await first.node.kill('SIGKILL');

    const second = await start(keys.prefix);
    const { packageIds } = await ok<{ packageIds: string[] }>(second.base, '/v2/packages');
    expect(packageIds).toContain(holdingId);
    expect(await served(second.base)).toEqual(before);
    expect(before.length).toBeGreaterThan(1000);
  }, 90_000);
});
