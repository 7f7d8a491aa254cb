import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { redisJournalKeys } from '@pocketnet/automations';
import { startOwnRedis } from '@pocketnet/automations/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort, waitForHttpOk } from './node-process.ts';
import {
  allocateParty,
  createTrader,
  iouSubmission,
  ledgerEndOf,
  traderUser,
  updatesOf,
} from './reliability/ledger-checks.ts';
import { callAs, eventually, ok } from './reliability/network-http.ts';
import { freshRedisPrefix } from './reliability/redis-test-keys.ts';
import { type RoleProcess, spawnRole } from './reliability/role-process.ts';

// The node checks Redis at start (exit 2 on a refusal, redis-durability.integration.test.ts).
// Here the Redis that comes back after an outage is not the one checked: restarted without its
// AOF and with an evicting policy. The node must neither serve on it nor exit, and must serve
// again by itself once Redis is fixed.

const run = promisify(execFile);
const redisCli = async (url: string, ...args: string[]) =>
  (await run('redis-cli', ['-u', url, ...args])).stdout.trim();

type CantonError = { code?: string; cause?: string };

const errorLinesAbout = (output: string, pattern: RegExp) =>
  output.split('\n').filter((line) => line.includes('"level":50') && pattern.test(line));

describe('`pocketnet start` on a Redis that comes back unfit for the journal', () => {
  let node: RoleProcess | null = null;
  let redis: Awaited<ReturnType<typeof startOwnRedis>> | null = null;
  afterEach(async () => {
    await node?.kill('SIGKILL');
    await redis?.stop();
    node = null;
    redis = null;
  });

  // `start` on a Redis of its own (AOF on), with a party, a user acting as it, and a submit.
  const startOnOwnRedis = async (env: Record<string, string> = {}) => {
    const ownRedis = await startOwnRedis();
    redis = ownRedis;
    const port = await findFreePort();
    const { prefix } = freshRedisPrefix(ownRedis.url);
    const started = spawnRole('start', ['--port', String(port), '--no-devnet'], {
      REDIS_URL: ownRedis.url,
      POCKETNET_REDIS_PREFIX: prefix,
      ...env,
    });
    node = started;
    await started.waitFor(/admin token +\S+\n/);
    const base = `http://127.0.0.1:${port}`;
    await waitForHttpOk(`${base}/readyz`);
    const bank = await allocateParty(base, 'bank');
    await createTrader(base, [bank]);
    const submit = (commandId: string) =>
      callAs<CantonError & { updateId?: string }>(base, '/v2/commands/submit-and-wait', {
        body: iouSubmission(bank, bank, commandId, '1.0').body,
        user: traderUser,
      });
    return { ownRedis, started, base, bank, submit, prefix };
  };

  it('answers 503 naming the setting, writes nothing, and serves again once Redis is fixed', async () => {
    const { ownRedis, started, base, bank, submit, prefix } = await startOnOwnRedis();
    const acknowledged = await submit('before-outage');
    expect(acknowledged.status).toBe(200);
    const entries = redisJournalKeys(prefix).entries;
    const journalLength = () => redisCli(ownRedis.url, 'XLEN', entries).then(Number);
    const lengthBefore = await journalLength();
    expect(lengthBefore).toBeGreaterThan(0);

    // Restarted from its snapshot, without the AOF and with an evicting policy.
    expect(await redisCli(ownRedis.url, 'SAVE')).toBe('OK');
    await ownRedis.kill();
    await ownRedis.start(['--appendonly', 'no', '--maxmemory-policy', 'allkeys-lru']);

    const refusedFor = async (setting: RegExp) => {
      const answer = await eventually(
        () => submit('while-refused'),
        (probe) => probe.status === 503 && setting.test(probe.body.cause ?? ''),
      );
      expect(answer).toMatchObject({ status: 503, body: { code: 'UNAVAILABLE' } });
      expect(answer.body.cause).toMatch(setting);
      // The answer names the setting, never Redis's URL (it may carry a password).
      expect(answer.body.cause).not.toContain(ownRedis.url);
      // Long enough for a few checks more: still refused, still logged once.
      await new Promise((resume) => setTimeout(resume, 2500));
      expect((await submit('while-refused')).status).toBe(503);
      expect((await callAs(base, '/readyz')).status).toBe(503);
      expect(errorLinesAbout(started.output(), setting)).toHaveLength(1);
      expect(await journalLength()).toBe(lengthBefore);
      expect(started.child.exitCode).toBeNull();
    };
    await refusedFor(/maxmemory-policy allkeys-lru/);
    await redisCli(ownRedis.url, 'CONFIG', 'SET', 'maxmemory-policy', 'noeviction');
    await refusedFor(/appendonly no/);
    await redisCli(ownRedis.url, 'CONFIG', 'SET', 'appendonly', 'yes');

    // The same process serves again, without a restart, and kept what it acknowledged.
    const again = await eventually(
      () => callAs(base, '/readyz'),
      (answer) => answer.status === 200,
      5000,
    );
    expect(again.status).toBe(200);
    await started.waitFor(/pocketnet serving again \(life \d+, journal at \d+\)/, 5000);
    expect((await submit('after-fix')).status).toBe(200);
    const updates = await updatesOf(base, [bank], await ledgerEndOf(base));
    const commands = updates.flatMap(({ update }) =>
      update.Transaction ? [update.Transaction.value] : [],
    );
    expect(commands.map((tx) => tx.commandId)).toEqual(['before-outage', 'after-fix']);
    expect(commands[0]?.updateId).toBe(acknowledged.body.updateId);
    expect(await journalLength()).toBe(lengthBefore + 1);
    await ok(base, '/livez');
  }, 60_000);

  it('notices a Redis reconfigured while it serves: 503 naming the setting, then serves again', async () => {
    const { ownRedis, started, base, bank, submit } = await startOnOwnRedis({
      POCKETNET_REDIS_CHECK_MS: '200',
    });
    const acknowledged = await submit('before-change');
    expect(acknowledged.status).toBe(200);

    // An operator turns the AOF off on the live Redis: no outage, no reconnect. Until the next
    // check (every 200 ms here) the node may still acknowledge; from then on it refuses.
    await redisCli(ownRedis.url, 'CONFIG', 'SET', 'appendonly', 'no');
    const acknowledgedMeanwhile: string[] = [];
    let probes = 0;
    const refused = await eventually(
      async () => {
        const commandId = `probe-${probes++}`;
        const probe = await submit(commandId);
        if (probe.status === 200) acknowledgedMeanwhile.push(commandId);
        return probe;
      },
      (probe) => probe.status === 503 && /appendonly no/.test(probe.body.cause ?? ''),
      5000,
    );
    expect(refused.body).toMatchObject({ code: 'UNAVAILABLE' });
    expect(refused.body.cause).toMatch(/appendonly no/);
    expect(started.child.exitCode).toBeNull();

    await redisCli(ownRedis.url, 'CONFIG', 'SET', 'appendonly', 'yes');
    await started.waitFor(/pocketnet serving again \(life \d+, journal at \d+\)/, 5000);
    expect((await submit('after-fix')).status).toBe(200);
    const updates = await updatesOf(base, [bank], await ledgerEndOf(base));
    const commands = updates.flatMap(({ update }) =>
      update.Transaction ? [update.Transaction.value] : [],
    );
    // Everything acknowledged is there once, nothing refused is.
    expect(commands.map((tx) => tx.commandId)).toEqual([
      'before-change',
      ...acknowledgedMeanwhile,
      'after-fix',
    ]);
    expect(commands[0]?.updateId).toBe(acknowledged.body.updateId);
  }, 60_000);
});
