import { startOwnRedis } from '@pocketnet/automations/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort, waitForHttpOk } from '../node-process.ts';
import {
  allocateParty,
  createTrader,
  expectExactlyOnce,
  iouSubmission,
  ledgerEndOf,
  traderUser,
  updatesOf,
} from './ledger-checks.ts';
import { callAs, eventually } from './network-http.ts';
import { freshRedisPrefix } from './redis-test-keys.ts';
import { type Outcome, submitUntilAnswered } from './resubmitting-clients.ts';
import { type RoleProcess, spawnRole } from './role-process.ts';

const commandCount = Number(process.env.RELIABILITY_START_REDIS_COMMANDS ?? 600);
const fastMs = 1000;

type Probe = { status: number; code: string; ms: number; path: string };

async function probe(base: string, path: string, body?: unknown): Promise<Probe> {
  const started = performance.now();
  const answer = await callAs<{ code?: string }>(base, path, {
    ...(body === undefined ? {} : { body }),
    user: traderUser,
  });
  return {
    status: answer.status,
    code: answer.body.code ?? '',
    ms: performance.now() - started,
    path,
  };
}

describe('`pocketnet start` on REDIS_URL when Redis is killed (AOF, appendfsync always)', () => {
  let node: RoleProcess | null = null;
  let redis: Awaited<ReturnType<typeof startOwnRedis>> | null = null;
  afterEach(async () => {
    await node?.kill('SIGKILL');
    await redis?.stop();
    node = null;
    redis = null;
  });

  it('answers 503 fast meanwhile, serves again by itself once Redis is back, and loses nothing acknowledged', async () => {
    redis = await startOwnRedis();
    const ownRedis = redis;
    const port = await findFreePort();
    // No durability opt-out: this Redis keeps its AOF, fsynced before it acknowledges.
    node = spawnRole('start', ['--port', String(port), '--no-devnet'], {
      REDIS_URL: ownRedis.url,
      POCKETNET_REDIS_PREFIX: freshRedisPrefix(ownRedis.url).prefix,
    });
    const started = node;
    await started.waitFor(/admin token +\S+\n/);
    const base = `http://127.0.0.1:${port}`;
    await waitForHttpOk(`${base}/readyz`);
    const bank = await allocateParty(base, 'bank');
    await createTrader(base, [bank]);
    const submissions = Array.from({ length: commandCount }, (_, index) =>
      iouSubmission(bank, bank, `outage-${String(index).padStart(5, '0')}`, '1.0'),
    );

    const outcomes = new Map<string, Outcome>();
    const whileDown: Probe[] = [];
    let outage: Promise<void> | null = null;
    const breakRedis = async () => {
      await ownRedis.kill();
      await eventually(
        () => callAs(base, '/readyz'),
        (answer) => answer.status === 503,
      );
      whileDown.push(
        await probe(
          base,
          '/v2/commands/submit-and-wait',
          iouSubmission(bank, bank, 'probe-1', '1.0').body,
        ),
        await probe(base, '/v2/state/ledger-end'),
        await probe(base, '/v2/parties', { partyIdHint: 'while-down' }),
      );
      expect(started.child.exitCode).toBeNull();
      await new Promise((resume) => setTimeout(resume, 1500));
      await ownRedis.start();
    };
    const stats = await submitUntilAnswered({
      gateways: [base],
      user: traderUser,
      submissions,
      concurrency: 16,
      outcomes,
      onAcknowledged: (count) => {
        if (count === Math.floor(commandCount / 3)) outage = breakRedis();
      },
    });
    await outage;
    console.log(
      `while Redis was down: ${JSON.stringify(whileDown)}; retries ${JSON.stringify(stats.retries)}`,
    );
    expect(whileDown).toHaveLength(3);
    for (const answer of whileDown) {
      expect(answer).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
      expect(answer.ms).toBeLessThan(fastMs);
    }
    // The process kept listening throughout: its clients were answered, never cut off.
    expect(stats.retries.NETWORK).toBeUndefined();
    expect(stats.retries.UNAVAILABLE ?? 0).toBeGreaterThan(0);

    // The same process serves again, on its next life, without being restarted.
    expect(
      (
        await eventually(
          () => callAs(base, '/readyz'),
          (answer) => answer.status === 200,
        )
      ).status,
    ).toBe(200);
    expect(started.output()).toMatch(/pocketnet serving again \(life 1, journal at \d+\)/);
    expect(started.child.exitCode).toBeNull();

    // Nothing acknowledged was lost, nothing committed twice, no gap; the probe left no trace.
    const end = await ledgerEndOf(base);
    const updates = await updatesOf(base, [bank], end);
    expectExactlyOnce(
      updates.filter(({ update }) => update.Transaction || update.TopologyTransaction),
      outcomes,
      end,
    );
    expect(outcomes.size).toBe(commandCount);
    expect(
      updates.filter(({ update }) => update.Transaction?.value.commandId === 'probe-1'),
    ).toHaveLength(0);
  }, 300_000);
});
