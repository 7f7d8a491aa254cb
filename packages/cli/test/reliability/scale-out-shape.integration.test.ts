import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from '../node-process.ts';
import {
  callAs,
  eventually,
  everythingOf,
  offsetOf,
  ok,
  type UpdateMessage,
  updatesRequest,
} from './network-http.ts';
import { type Network, startNetwork } from './scale-out-network.ts';
import { openUpdatesStream } from './updates-stream.ts';

// The scaled-out shape of docker-compose.yml, as processes without Docker: one writer, two
// gateways (and workers), meeting in the test Redis under a fresh key prefix.

const trader = 'trader';

async function allocate(base: string, hint: string): Promise<string> {
  const body = await ok<{ partyDetails: { party: string } }>(base, '/v2/parties', {
    body: { partyIdHint: hint },
  });
  return body.partyDetails.party;
}

const iouCommand = (issuer: string, owner: string, commandId: string) => ({
  commandId,
  userId: trader,
  actAs: [issuer],
  commands: [
    {
      CreateCommand: {
        templateId: '#pocketnet-examples:Iou:Iou',
        createArguments: { issuer, owner, amount: '5', currency: commandId, observers: [] },
      },
    },
  ],
});

const transactionsOf = (messages: readonly UpdateMessage[]) =>
  messages.flatMap(({ update }) => (update.Transaction ? [update.Transaction.value] : []));

describe('the scaled-out network as processes', () => {
  let network: Network | null = null;
  afterEach(async () => {
    await network?.close();
    network = null;
  });

  it('takes writes through either gateway and serves reads and streams on both', async () => {
    network = await startNetwork({ args: ['--no-devnet'] });
    const [a, b] = network.gateways.map((gateway) => gateway.url) as [string, string];
    // Administration goes to the writer whole; its effect is visible on the gateway at once.
    const bank = await allocate(a, 'bank');
    const rights = [{ kind: { CanActAs: { value: { party: bank } } } }];
    await ok(b, '/v2/users', { body: { user: { id: trader, primaryParty: bank }, rights } });
    expect((await ok<{ user: { id: string } }>(b, `/v2/users/${trader}`)).user.id).toBe(trader);

    const stream = await openUpdatesStream(b, trader, updatesRequest([bank], 0));
    const submitted: Array<{ updateId: string; completionOffset: number }> = [];
    for (let index = 0; index < 20; index += 1) {
      const via = index % 2 === 0 ? a : b;
      const answer = await ok<{ updateId: string; completionOffset: number }>(
        via,
        '/v2/commands/submit-and-wait',
        { user: trader, body: iouCommand(bank, bank, `shape-${index}`) },
      );
      submitted.push(answer);
      // Read your writes: the gateway that answered already serves the update.
      const byId = await callAs(via, '/v2/updates/update-by-id', {
        user: trader,
        body: {
          updateId: answer.updateId,
          updateFormat: {
            includeTransactions: {
              eventFormat: everythingOf([bank]),
              transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
            },
          },
        },
      });
      expect(byId.status).toBe(200);
    }
    // The other gateway's stream carries every transaction, in offset order, once.
    await stream.until((messages) => transactionsOf(messages).length >= 20);
    stream.close();
    expect(transactionsOf(stream.messages).map((tx) => tx.updateId)).toEqual(
      submitted.map((answer) => answer.updateId),
    );
    const offsets = stream.messages.map(offsetOf).filter((offset) => !Number.isNaN(offset));
    expect(offsets).toEqual(Array.from({ length: offsets.length }, (_, index) => index + 1));

    // The same change id through the other gateway is the writer's duplicate.
    const again = await callAs<{ code: string }>(b, '/v2/commands/submit-and-wait', {
      user: trader,
      body: iouCommand(bank, bank, 'shape-0'),
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'DUPLICATE_COMMAND' } });

    // Both gateways and the writer hold the same active contracts.
    const end = submitted.at(-1)?.completionOffset ?? 0;
    const acs = (base: string) =>
      ok<unknown[]>(base, '/v2/state/active-contracts', {
        user: trader,
        body: { activeAtOffset: end, eventFormat: everythingOf([bank]) },
      });
    const [onA, onB, onWriter] = await Promise.all([acs(a), acs(b), acs(network.writerUrl)]);
    expect(onA).toHaveLength(20);
    expect(onB).toEqual(onA);
    expect(onWriter).toEqual(onA);
  }, 120_000);

  it('serves two gateways behind one port, which keeps serving when one of them dies', async () => {
    network = await startNetwork({
      gateways: 0,
      args: ['--no-devnet'],
      env: { POCKETNET_REUSE_PORT: '1' },
    });
    const port = await findFreePort();
    const first = await network.startGateway(port);
    const second = await network.startGateway(port);
    expect(second.url).toBe(first.url);
    const bank = await allocate(first.url, 'bank');
    await first.process.kill('SIGKILL');
    // New connections reach the gateway that is left.
    const parties = await eventually(
      () => callAs<{ partyDetails: Array<{ party: string }> }>(first.url, '/v2/parties'),
      (answer) => answer.status === 200,
    );
    expect(parties.body.partyDetails.map((details) => details.party)).toContain(bank);
  }, 120_000);

  it('keeps the journal of `start` in Redis with REDIS_URL, and lets a gateway join it', async () => {
    network = await startNetwork({ gateways: 0, workers: 0, writer: false });
    const net = network;
    const port = await findFreePort();
    const startAll = async () => {
      const all = net.spawn('start', ['--port', String(port), '--no-devnet']);
      await all.waitFor(/admin token +\S+\n/);
      return all;
    };
    const first = await startAll();
    expect(first.output()).toContain(`Redis Stream (REDIS_URL, prefix ${net.prefix})`);
    const gateway = await net.startGateway();
    const bank = await allocate(gateway.url, 'bank');
    const onStart = `http://127.0.0.1:${port}`;
    const parties = await ok<{ partyDetails: Array<{ party: string }> }>(onStart, '/v2/parties');
    expect(parties.partyDetails.map((details) => details.party)).toEqual([bank]);
    // A restart replays the stream: nothing on disk, everything there.
    await first.kill('SIGKILL');
    await startAll();
    const again = await ok<{ partyDetails: Array<{ party: string }> }>(onStart, '/v2/parties');
    expect(again.partyDetails.map((details) => details.party)).toEqual([bank]);
  }, 120_000);

  it('lets a second writer take the journal over: the first is fenced and stops', async () => {
    network = await startNetwork({ gateways: 1, args: ['--no-devnet'] });
    const [gateway] = network.gateways.map((g) => g.url) as [string];
    const before = await allocate(gateway, 'before');
    const first = network.writer();
    // A second writer opens the journal: the first one's next append is refused.
    const second = network.spawn('writer', ['--port', String(await findFreePort()), '--no-devnet']);
    await second.waitFor(/writer ready \(life 0, epoch 2/);
    // (it stops before it can answer)
    await callAs(network.writerUrl, '/v2/parties', { body: { partyIdHint: 'stale' } }).catch(
      () => null,
    );
    expect(await first.exited).toMatchObject({ code: 3 });
    expect(first.output()).toContain('a newer writer took the journal over');
    const after = await allocate(gateway, 'after');
    const parties = await ok<{ partyDetails: Array<{ party: string }> }>(gateway, '/v2/parties');
    expect(parties.partyDetails.map((details) => details.party).sort()).toEqual(
      [before, after].sort(),
    );
  }, 120_000);

  it('runs a devnet wallet flow across gateways, with its automation on a worker', async () => {
    network = await startNetwork({ workers: 2 });
    const [a, b] = network.gateways.map((gateway) => gateway.url) as [string, string];
    const operator = 'administrator';
    const onboard = async (base: string, name: string) =>
      (
        await ok<{ party_id: string }>(base, '/api/validator/v0/admin/users', {
          user: operator,
          body: { name },
        })
      ).party_id;
    await onboard(a, 'alice');
    const bob = await onboard(b, 'bob');
    await ok(a, '/api/validator/v0/wallet/tap', { user: 'alice', body: { amount: '1.0' } });
    const balance = (base: string, user: string) =>
      ok<{ effective_unlocked_qty: string }>(base, '/api/validator/v0/wallet/balance', { user });
    expect((await balance(a, 'alice')).effective_unlocked_qty).toBe('200.0000000000');
    const now = await ok<{ now_micros: string }>(b, '/api/devnet/v0/time');
    const offer = await ok<{ offer_contract_id: string }>(
      a,
      '/api/validator/v0/wallet/transfer-offers',
      {
        user: 'alice',
        body: {
          receiver_party_id: bob,
          amount: '50.0',
          description: 'across gateways',
          expires_at: Number(now.now_micros) + 3_600_000_000,
          tracking_id: 'shape-offer',
        },
      },
    );
    // Bob accepts on the other gateway; the sender's automation (a job on a worker) completes it.
    await ok(b, `/api/validator/v0/wallet/transfer-offers/${offer.offer_contract_id}/accept`, {
      user: 'bob',
      method: 'POST',
    });
    const status = () =>
      ok<{ status: string }>(a, '/api/validator/v0/wallet/transfer-offers/shape-offer/status', {
        user: 'alice',
        method: 'POST',
      });
    expect((await eventually(status, (answer) => answer.status === 'completed')).status).toBe(
      'completed',
    );
    expect(
      (
        await eventually(
          () => balance(b, 'bob'),
          (x) => x.effective_unlocked_qty === '50.0000000000',
        )
      ).effective_unlocked_qty,
    ).toBe('50.0000000000');

    // The offer's workflow actor is there on both gateways, finished.
    for (const base of [a, b]) {
      const actors = await eventually(
        () =>
          ok<{ actors: Array<{ machine: string; status: string }> }>(
            base,
            '/api/inspect/v0/actors',
          ),
        (answer) =>
          answer.actors.some(
            (actor) => actor.machine === 'transfer-offer' && actor.status === 'done',
          ),
      );
      expect(
        actors.actors.some(
          (actor) => actor.machine === 'transfer-offer' && actor.status === 'done',
        ),
      ).toBe(true);
    }
    // A GraphQL mutation on a gateway moves the writer's time, and the gateway's with it.
    const moved = await ok<{ data: { advanceTime: { micros: string } } }>(b, '/graphql', {
      body: { query: 'mutation { advanceTime(seconds: 60) { micros } }' },
    });
    const movedTo = BigInt(moved.data.advanceTime.micros);
    expect(movedTo).toBeGreaterThanOrEqual(BigInt(now.now_micros) + 60_000_000n);
    const onB = await ok<{ now_micros: string }>(b, '/api/devnet/v0/time');
    expect(BigInt(onB.now_micros)).toBeGreaterThanOrEqual(movedTo);
    const onWriter = await ok<{ now_micros: string }>(network.writerUrl, '/api/devnet/v0/time');
    expect(BigInt(onWriter.now_micros)).toBeGreaterThanOrEqual(movedTo);

    // The completion ran on a worker: the writer works only the SV's queue.
    const queues = await ok<{ queues: Array<{ name: string; counts: Record<string, number> }> }>(
      a,
      '/api/automations/v0/queues',
    );
    const offers = queues.queues.find((queue) => queue.name === 'transfer-offers');
    expect(offers?.counts.completed).toBeGreaterThanOrEqual(1);
    expect(network.workers.some((worker) => worker.output().includes('worker ready'))).toBe(true);
  }, 120_000);
});
