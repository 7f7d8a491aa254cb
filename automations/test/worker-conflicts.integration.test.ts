import { Writable } from 'node:stream';
import { createWallClock } from '@pocketnet/ledger';
import {
  type Caller,
  createFollowerClock,
  createNode,
  defaultDevnetConfig,
  type PocketnetNode,
  unrestrictedCaller,
} from '@pocketnet/runtime';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAutomationConfig } from '../src/config/load-automation-config.ts';
import { createBullmqRunner } from '../src/queue/bullmq-runner.ts';
import type { JobRunner } from '../src/queue/job-types.ts';
import { createRedisReplica } from '../src/roles/redis-replica.ts';
import { createRedisWriterLedger, serveWriterCommands } from '../src/roles/redis-writer.ts';
import { startAutomationWorkers, startWriterAutomations } from '../src/roles/role-automations.ts';
import { units } from './automation-node.ts';
import { freshRedisPrefix, logRedisError, redisUrl } from './redis-test-prefix.ts';

// A scaled-out network in one process, meeting in the test Redis: a writer (journal, triggers,
// the command queue) and two worker replicas that race for the same sender's amulets.

const network = {
  dataDir: null,
  participantName: 'participant1',
  synchronizerName: 'global-domain',
  ledgerApiVersion: '3.4.12',
  devnet: defaultDevnetConfig,
} as const;

const userCaller = (name: string): Caller => ({
  kind: 'user',
  userId: name,
  identityProviderId: '',
});
const silent = pino({ level: 'silent' });
const config = parseAutomationConfig({ concurrency: 3 });

/** A pino logger whose lines land in `lines` (the conflicts the workers log). */
function recordingLogger(lines: string[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

async function startWriter(prefix: string) {
  const ledger = createRedisWriterLedger({ redisUrl, prefix, onFailure: () => {} });
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    ...network,
    clock: createFollowerClock(createWallClock()),
    ledger: ledger.ledger,
  });
  const runner = createBullmqRunner({ redisUrl, prefix, onError: logRedisError });
  const automations = startWriterAutomations({ node, config, runner, logger: silent });
  const commands = serveWriterCommands({
    runner,
    engine: node.engine,
    position: ledger.position,
    tracking: ledger.tracking,
    nowMicros: () => node.clock.nowMicros(),
    http: () => Promise.reject(new Error('no HTTP here')),
  });
  return {
    node,
    runner,
    async close() {
      await commands.close({ force: true });
      await automations.close();
      await node.close();
    },
  };
}

async function startWorker(prefix: string, logger: pino.Logger) {
  const replica = createRedisReplica({
    redisUrl,
    prefix,
    clock: createWallClock(),
    onError: logRedisError,
  });
  const node = await createNode({
    ...network,
    clock: replica.clock,
    ledger: replica.ledger,
    onBackgroundError: (error) => console.error('background work failed', error),
  });
  const workers = startAutomationWorkers({
    node,
    config,
    runner: replica.runner,
    catchUp: replica.catchUp,
    logger,
  });
  return {
    node,
    async close() {
      await workers.close();
      await node.close();
      await replica.close();
    },
  };
}

const amuletsOf = (node: PocketnetNode, party: string) =>
  node.wallet.contracts
    .of(party, 'amulet')
    .map(
      (amulet) => (amulet.node.createArgument.amount as { initialAmount: string }).initialAmount,
    );

describe('workers racing for the same amulets', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  it('complete every offer once, none failing, by running conflicting jobs again', async () => {
    const keys = freshRedisPrefix();
    closers.push(keys.remove);
    const writer = await startWriter(keys.prefix);
    closers.push(writer.close);
    const { node } = writer;
    const [alice, bob] = await Promise.all(
      ['alice', 'bob'].map((name) =>
        node.wallet.onboarding.onboardUser(unrestrictedCaller, { name }),
      ),
    );
    if (alice === undefined || bob === undefined) throw new Error('onboarding failed');
    await node.wallet.balances.tap(userCaller('alice'), { amountUsd: '1.0' });
    // Accepted offers whose completion jobs wait for the workers: every one of them pays from
    // all of alice's amulets (one holding, its change after each payment).
    const offers = 6;
    const accepted: string[] = [];
    for (let index = 0; index < offers; index += 1) {
      const { offerContractId } = await node.wallet.offers.create(userCaller('alice'), {
        receiver: bob,
        amount: '10.0',
        description: `race ${index}`,
        expiresAtMicros: node.clock.nowMicros() + 3_600_000_000n,
        trackingId: `race-${index}`,
      });
      const answer = await node.wallet.offers.accept(userCaller('bob'), offerContractId);
      accepted.push(answer.acceptedOfferContractId);
    }
    const lines: string[] = [];
    const logger = recordingLogger(lines);
    // Both workers start together: their jobs choose from the same views at once.
    const workers = await Promise.all([
      startWorker(keys.prefix, logger),
      startWorker(keys.prefix, logger),
    ]);
    for (const worker of workers) closers.push(worker.close);
    const runner: JobRunner = writer.runner;
    const results = await Promise.all(
      accepted.map((cid) => runner.waitFor('transfer-offers', `complete-offer/${cid}`)),
    );
    expect(results.map((result) => result.outcome)).toEqual(accepted.map(() => 'done'));
    expect((await runner.counts('transfer-offers')).failed).toBe(0);
    // Each offer paid once: bob holds one amulet of 10 per offer, on the writer and on both
    // workers, and alice has nothing left to complete.
    for (const holder of [node, ...workers.map((worker) => worker.node)]) {
      await expect.poll(() => amuletsOf(holder, bob).length).toBe(offers);
      expect(amuletsOf(holder, bob).map(units)).toEqual(accepted.map(() => units('10.0')));
      expect(holder.wallet.contracts.of(alice, 'acceptedTransferOffer')).toEqual([]);
    }
    const conflicts = lines.filter((line) => line.includes('job conflicted'));
    // Concurrent jobs spending alice's one holding conflicted, and ran again.
    expect(conflicts.length).toBeGreaterThan(0);
  }, 120_000);
});
