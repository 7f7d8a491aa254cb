import { startOwnRedis } from '@pocketnet/automations/testing';
import { afterEach, describe, expect, it } from 'vitest';
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
import { type Outcome, submitUntilAnswered } from './resubmitting-clients.ts';
import { type Network, startNetwork } from './scale-out-network.ts';

const commandCount = Number(process.env.RELIABILITY_REDIS_COMMANDS ?? 1500);
const fastMs = 1000;

describe('Redis killed with SIGKILL under load (AOF, appendfsync always)', () => {
  let network: Network | null = null;
  let redis: Awaited<ReturnType<typeof startOwnRedis>> | null = null;
  afterEach(async () => {
    await network?.close();
    await redis?.stop();
    network = null;
    redis = null;
  });

  it('loses nothing acknowledged, answers 503 fast meanwhile, and every process reconnects', async () => {
    redis = await startOwnRedis();
    const ownRedis = redis;
    network = await startNetwork({
      redisUrl: ownRedis.url,
      workers: 1,
      args: ['--no-devnet'],
      env: { POCKETNET_COMMAND_TIMEOUT_MS: '3000' },
    });
    const gateways = network.gateways.map((gateway) => gateway.url);
    const [first] = gateways as [string];
    const bank = await allocateParty(first, 'bank');
    await createTrader(first, [bank]);
    const submissions = Array.from({ length: commandCount }, (_, index) =>
      iouSubmission(bank, bank, `redis-${String(index).padStart(5, '0')}`, '1.0'),
    );
    const outcomes = new Map<string, Outcome>();
    const whileDown: Array<{ status: number; code: string; ms: number; path: string }> = [];
    let outage: Promise<void> | null = null;
    const probe = async (path: string, body: unknown, user?: string) => {
      const started = performance.now();
      const answer = await callAs<{ code?: string; error?: string }>(first, path, {
        body,
        ...(user ? { user } : {}),
      });
      whileDown.push({
        status: answer.status,
        code: answer.body.code ?? '',
        ms: performance.now() - started,
        path,
      });
    };
    const breakRedis = async () => {
      await ownRedis.kill();
      // The gateway notices (its readiness says so), and answers at once.
      await eventually(
        () => callAs(first, '/readyz'),
        (answer) => answer.status === 503,
      );
      await probe(
        '/v2/commands/submit-and-wait',
        iouSubmission(bank, bank, 'probe-1', '1.0').body,
        traderUser,
      );
      await probe('/v2/parties', { partyIdHint: 'while-down' });
      await new Promise((resume) => setTimeout(resume, 2000));
      await ownRedis.start();
    };
    await submitUntilAnswered({
      gateways,
      user: traderUser,
      submissions,
      concurrency: 32,
      outcomes,
      onAcknowledged: (count) => {
        if (count === Math.floor(commandCount / 3)) outage = breakRedis();
      },
    });
    await outage;
    console.log(`while Redis was down: ${JSON.stringify(whileDown)}`);
    for (const answer of whileDown) {
      expect(answer).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
      expect(answer.ms).toBeLessThan(fastMs);
    }

    // Every process reconnected by itself: both gateways ready, the writer on its next life.
    for (const base of gateways) {
      expect(
        (
          await eventually(
            () => callAs(base, '/readyz'),
            (a) => a.status === 200,
          )
        ).status,
      ).toBe(200);
    }
    expect(network.writer().output()).toMatch(/writer ready \(life 1/);
    expect(network.workers.every((worker) => worker.child.exitCode === null)).toBe(true);

    // Nothing acknowledged was lost, nothing committed twice, no gap.
    const end = await ledgerEndOf(first);
    const updates = await updatesOf(first, [bank], end);
    expectExactlyOnce(
      updates.filter(({ update }) => update.Transaction || update.TopologyTransaction),
      outcomes,
      end,
    );
    const probes = updates.filter(
      ({ update }) => update.Transaction?.value.commandId === 'probe-1',
    );
    expect(probes).toHaveLength(0);
  }, 600_000);
});
