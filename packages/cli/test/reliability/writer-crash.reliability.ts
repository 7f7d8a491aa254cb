import { afterEach, describe, expect, it } from 'vitest';
import {
  activeContractsOf,
  allocateParty,
  createTrader,
  expectExactlyOnce,
  iouSubmission,
  ledgerEndOf,
  traderUser,
  updatesOf,
} from './ledger-checks.ts';
import { type Outcome, submitUntilAnswered } from './resubmitting-clients.ts';
import { type Network, startNetwork } from './scale-out-network.ts';

const commandCount = Number(process.env.RELIABILITY_COMMANDS ?? 5000);
const crashes = 3;
const concurrency = 48;
const readyWithinMs = 5000;

describe('the writer killed with SIGKILL three times while 5,000 commands run', () => {
  let network: Network | null = null;
  afterEach(async () => {
    await network?.close();
    network = null;
  });

  it('accepts each command once, leaves no gap, and is ready again within 5 s', async () => {
    network = await startNetwork({
      args: ['--no-devnet'],
      env: { POCKETNET_COMMAND_TIMEOUT_MS: '3000' },
    });
    const net = network;
    const gateways = net.gateways.map((gateway) => gateway.url);
    const [first] = gateways as [string];
    const bank = await allocateParty(first, 'bank');
    const alice = await allocateParty(first, 'alice');
    await createTrader(first, [bank, alice]);
    const submissions = Array.from({ length: commandCount }, (_, index) =>
      iouSubmission(bank, alice, `crash-${String(index).padStart(5, '0')}`, `${index + 1}.5`),
    );
    const outcomes = new Map<string, Outcome>();
    const crashAt = [1, 2, 3].map((step) => Math.floor((commandCount * step) / (crashes + 1)));
    const recoveries: Array<Promise<{ killedAt: number; readyAt: number }>> = [];
    const recover = async () => {
      const killedAt = Date.now();
      await net.writer().kill('SIGKILL');
      // A supervisor (docker's restart policy) starts it again at once.
      await net.restartWriter();
      return { killedAt, readyAt: Date.now() };
    };
    const stats = await submitUntilAnswered({
      gateways,
      user: traderUser,
      submissions,
      concurrency,
      outcomes,
      onAcknowledged: (count) => {
        if (crashAt.includes(count)) recoveries.push(recover());
      },
    });
    const restarts = await Promise.all(recoveries);
    expect(restarts).toHaveLength(crashes);
    expect(outcomes.size).toBe(commandCount);

    const end = await ledgerEndOf(first);
    const updates = await updatesOf(first, [bank, alice], end);
    expectExactlyOnce(
      updates.filter(({ update }) => update.Transaction || update.TopologyTransaction),
      outcomes,
      end,
    );

    // The active contracts equal a replay of the journal: a gateway started now replays it all.
    const fresh = await net.startGateway();
    const [onFirst, onFresh, onWriter] = await Promise.all(
      [first, fresh.url, net.writerUrl].map((base) => activeContractsOf(base, [bank, alice], end)),
    );
    expect(onFirst).toHaveLength(commandCount);
    expect(onFresh).toEqual(onFirst);
    expect(onWriter).toEqual(onFirst);

    // Ready again within 5 s of each kill: the first command sent after the kill (so run by
    // the new writer) is acknowledged within 5 s of it.
    const readiness = restarts.map(({ killedAt }) => {
      const answers = stats.acknowledged.filter(({ sentAt }) => sentAt > killedAt);
      const first = Math.min(...answers.map(({ answeredAt }) => answeredAt));
      return first - killedAt;
    });
    const writerUp = restarts.map(({ killedAt, readyAt }) => readyAt - killedAt);
    console.log(
      `writer crashes: restarted writer ready after ${writerUp.join(', ')} ms, commands ` +
        `acknowledged again after ${readiness.join(', ')} ms; retries ${JSON.stringify(stats.retries)}`,
    );
    for (const ms of readiness) expect(ms).toBeLessThan(readyWithinMs);
  }, 600_000);
});
