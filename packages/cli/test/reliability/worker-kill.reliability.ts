import { createBullmqRunner, restartedJobs } from '@pocketnet/automations/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { callAs, eventually, ok } from './network-http.ts';
import { type Network, startNetwork } from './scale-out-network.ts';

const offers = 30;
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
    // A completion takes milliseconds, so the kill must not race it: the worker is paused
    // (SIGSTOP) while the offers are made and accepted, so their completions queue up; then
    // the writer is paused and the worker resumed, so the job it takes waits on its
    // submission. Killed there, the job is run again by a new worker, while the killed one's
    // command is still queued for the writer: the offer must still complete once.
    const [victim] = net.workers;
    victim?.pause();
    const ids: string[] = [];
    for (let index = 0; index < offers; index += 1) {
      const offer = await ok<{ offer_contract_id: string }>(
        gateway,
        '/api/validator/v0/wallet/transfer-offers',
        {
          user: 'alice',
          body: {
            receiver_party_id: bob,
            amount: '1.0',
            description: `offer ${index}`,
            expires_at: Number(now) + 24 * 3_600_000_000,
            tracking_id: `kill-${index}`,
          },
        },
      );
      ids.push(offer.offer_contract_id);
    }
    // Bob accepts them all at once; the sender's completions are jobs on the workers.
    await Promise.all(
      ids.map((id) =>
        ok(gateway, `/api/validator/v0/wallet/transfer-offers/${id}/accept`, {
          user: 'bob',
          method: 'POST',
        }),
      ),
    );
    const countOf = async (state: 'active' | 'waiting') =>
      (await ok<Queues>(gateway, '/api/automations/v0/queues')).queues.find(
        (q) => q.name === 'transfer-offers',
      )?.counts[state] ?? 0;
    await eventually(
      () => countOf('waiting'),
      (waiting) => waiting > 0,
      60_000,
    );
    const writer = net.writer();
    writer.pause();
    victim?.resume();
    const held = await eventually(
      () => countOf('active'),
      (active) => active > 0,
      10_000,
    );
    expect(held).toBeGreaterThan(0);
    await victim?.kill('SIGKILL');
    writer.resume();
    // Two new workers take over and share the rest (each job chooses from the sender's
    // amulets, which the other spends).
    await Promise.all([net.startWorker(), net.startWorker()]);
    const statuses = async () =>
      Promise.all(
        Array.from({ length: offers }, (_, index) =>
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
    expect(done.map((s) => s.status)).toEqual(Array(offers).fill('completed'));
    // The offer completes as soon as the writer runs the killed job's queued command; the job
    // itself runs again only once its lock has expired and a new worker finds it stalled.
    const restartsOf = () =>
      restartedJobs({ redisUrl: net.redisUrl, prefix: net.prefix, queue: 'transfer-offers' });
    const restarted = await eventually(restartsOf, (jobs) => jobs.length > 0, 30_000);
    console.log(`jobs a killed worker left behind, run again: ${JSON.stringify(restarted)}`);
    expect(restarted.length).toBeGreaterThan(0);

    // Each offer completed once: bob got exactly one amulet's worth per offer, alice paid once.
    const balance = (user: string) =>
      ok<{ effective_unlocked_qty: string }>(gateway, '/api/validator/v0/wallet/balance', { user });
    expect((await balance('bob')).effective_unlocked_qty).toBe(`${offers}.0000000000`);
    expect((await balance('alice')).effective_unlocked_qty).toBe(`${2000 - offers}.0000000000`);
    const history = await ok<{ items: Array<{ transaction_subtype: { choice: string } }> }>(
      gateway,
      '/api/validator/v0/wallet/transactions',
      { user: 'alice', body: { page_size: 1000 } },
    );
    const completions = history.items.filter(
      (item) => item.transaction_subtype.choice === 'AcceptedTransferOffer_Complete',
    );
    expect(completions).toHaveLength(offers);
    const queues = await ok<Queues>(gateway, '/api/automations/v0/queues');
    expect(queues.queues.find((q) => q.name === 'transfer-offers')?.counts.failed).toBe(0);
    expect((await callAs(gateway, '/readyz')).status).toBe(200);
  }, 600_000);
});
