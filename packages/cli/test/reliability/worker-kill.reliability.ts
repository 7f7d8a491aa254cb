import { createBullmqRunner, restartedJobs } from '@pocketnet/automations/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { callAs, eventually, ok } from './network-http.ts';
import { type Network, startNetwork } from './scale-out-network.ts';

const offersPerBatch = 30;
const operator = 'administrator';

type Queues = { queues: Array<{ name: string; counts: Record<string, number> }> };

async function onboard(base: string, name: string): Promise<string> {
  const body = await ok<{ party_id: string }>(base, '/api/validator/v0/admin/users', {
    user: operator,
    body: { name },
  });
  return body.party_id;
}

describe('a worker killed with SIGKILL mid-job', () => {
  let network: Network | null = null;
  afterEach(async () => {
    await network?.close();
    network = null;
  });

  it('has its jobs finished by another worker, each ledger effect once', async () => {
    network = await startNetwork({
      gateways: 1,
      workers: 1,
      env: { POCKETNET_JOB_LOCK_MS: '3000' },
    });
    const net = network;
    const [gateway] = net.gateways.map((g) => g.url) as [string];
    await onboard(gateway, 'alice');
    const bob = await onboard(gateway, 'bob');
    await ok(gateway, '/api/validator/v0/wallet/tap', { user: 'alice', body: { amount: '10.0' } });
    const { now_micros: now } = await ok<{ now_micros: string }>(gateway, '/api/devnet/v0/time');
    let workers = [...net.workers];
    let offered = 0;
    let restarted: Awaited<ReturnType<typeof restartedJobs>> = [];
    for (let batch = 0; batch < 3 && restarted.length === 0; batch += 1) {
      const ids: string[] = [];
      for (let index = 0; index < offersPerBatch; index += 1) {
        const offer = await ok<{ offer_contract_id: string }>(
          gateway,
          '/api/validator/v0/wallet/transfer-offers',
          {
            user: 'alice',
            body: {
              receiver_party_id: bob,
              amount: '1.0',
              description: `offer ${offered}`,
              expires_at: Number(now) + 24 * 3_600_000_000,
              tracking_id: `kill-${offered}`,
            },
          },
        );
        ids.push(offer.offer_contract_id);
        offered += 1;
      }
      // Bob accepts them all at once; the sender's completions are jobs on the workers.
      const accepting = Promise.all(
        ids.map((id) =>
          ok(gateway, `/api/validator/v0/wallet/transfer-offers/${id}/accept`, {
            user: 'bob',
            method: 'POST',
          }),
        ),
      );
      const activeJobs = async () =>
        (await ok<Queues>(gateway, '/api/automations/v0/queues')).queues.find(
          (q) => q.name === 'transfer-offers',
        )?.counts.active ?? 0;
      await eventually(activeJobs, (active) => active > 0, 60_000);
      // A completion is quick; to kill its worker mid-job, the writer is paused first, so the
      // worker's running job waits on its submission (or the next job it takes does). The
      // killed job's command stays queued for the writer and runs when it resumes: the job that
      // runs again must not complete the offer a second time.
      const writer = net.writer();
      writer.pause();
      await new Promise((settle) => setTimeout(settle, 300));
      const held = await activeJobs();
      const [victim, ...rest] = workers;
      if (held > 0) await victim?.kill('SIGKILL');
      writer.resume();
      if (held > 0) {
        // Two new workers take over and share the rest (each job chooses from the sender's
        // amulets, which the other spends).
        workers = [...rest, ...(await Promise.all([net.startWorker(), net.startWorker()]))];
        workers = workers.slice(-1);
      }
      await accepting;
      const statuses = async () =>
        Promise.all(
          Array.from({ length: offered }, (_, index) =>
            ok<{ status: string }>(
              gateway,
              `/api/validator/v0/wallet/transfer-offers/kill-${index}/status`,
              {
                user: 'alice',
                method: 'POST',
              },
            ),
          ),
        );
      const done = await eventually(
        statuses,
        (all) => all.every((s) => s.status === 'completed'),
        120_000,
      );
      if (!done.every((s) => s.status === 'completed')) {
        // What the jobs said, for whoever reads a failure.
        const runner = createBullmqRunner({
          redisUrl: net.redisUrl,
          prefix: net.prefix,
          onError: (error) => console.error('Redis error', error),
        });
        const jobs = await runner.list('transfer-offers', 'completed', 200);
        await runner.close();
        const notDone = jobs.filter((job) => job.result?.outcome !== 'done');
        console.log(`jobs not done: ${JSON.stringify(notDone.map((job) => [job.id, job.result]))}`);
      }
      expect(done.map((s) => s.status)).toEqual(Array(offered).fill('completed'));
      restarted = await restartedJobs({
        redisUrl: net.redisUrl,
        prefix: net.prefix,
        queue: 'transfer-offers',
      });
    }
    console.log(`jobs a killed worker left behind, run again: ${JSON.stringify(restarted)}`);
    expect(restarted.length).toBeGreaterThan(0);

    // Each offer completed once: bob got exactly one amulet's worth per offer, alice paid once.
    const balance = (user: string) =>
      ok<{ effective_unlocked_qty: string }>(gateway, '/api/validator/v0/wallet/balance', { user });
    expect((await balance('bob')).effective_unlocked_qty).toBe(`${offered}.0000000000`);
    expect((await balance('alice')).effective_unlocked_qty).toBe(`${2000 - offered}.0000000000`);
    const history = await ok<{ items: Array<{ transaction_subtype: { choice: string } }> }>(
      gateway,
      '/api/validator/v0/wallet/transactions',
      { user: 'alice', body: { page_size: 1000 } },
    );
    const completions = history.items.filter(
      (item) => item.transaction_subtype.choice === 'AcceptedTransferOffer_Complete',
    );
    expect(completions).toHaveLength(offered);
    const queues = await ok<Queues>(gateway, '/api/automations/v0/queues');
    expect(queues.queues.find((q) => q.name === 'transfer-offers')?.counts.failed).toBe(0);
    expect((await callAs(gateway, '/readyz')).status).toBe(200);
  }, 600_000);
});
