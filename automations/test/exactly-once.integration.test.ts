import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { unrestrictedCaller } from '@pocketnet/runtime';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { policiesOf } from '../src/automation-policies.ts';
import { parseAutomationConfig } from '../src/config/load-automation-config.ts';
import { createBullmqRunner } from '../src/queue/bullmq-runner.ts';
import type { JobRunner } from '../src/queue/job-types.ts';
import { startAutomations } from '../src/start-automations.ts';
import { acceptOffer } from '../src/validator/accept-offer.automation.ts';
import {
  type AutomationNode,
  onboard,
  startAutomationNode,
  tickMicros,
  units,
} from './automation-node.ts';
import { freshRedisPrefix, logRedisError, redisUrl } from './redis-test-prefix.ts';

// Exactly-once effects over at-least-once delivery: a job's command id derives from the job's
// id, so a job run twice (a crash after the commit, a worker killed mid-job) commits once.

const parties = { alice: '', bob: '' };
const quietLogger = pino({ level: 'silent' });

/** A node with alice's offer of 25 to bob, and no automation that accepts it on its own. */
async function nodeWithOffer(runner?: JobRunner) {
  const net = await startAutomationNode({
    ...(runner ? { runner } : {}),
    prepare: async (node) => {
      for (const name of ['alice', 'bob'] as const) parties[name] = await onboard(node, name);
      await node.wallet.balances.tap(
        { kind: 'user', userId: 'alice', identityProviderId: '' },
        { amountUsd: '100.0' },
      );
      return {};
    },
  });
  const { offerContractId } = await net.node.wallet.offers.create(net.userCaller('alice'), {
    receiver: parties.bob,
    amount: '25.0',
    description: 'once',
    expiresAtMicros: net.node.clock.nowMicros() + tickMicros * 10n,
    trackingId: `once-${Math.random()}`,
  });
  const job = {
    queue: 'transfer-offers',
    request: {
      name: 'accept-offer',
      data: { offerCid: offerContractId, receiver: parties.bob },
      options: { jobId: `accept-offer/${offerContractId}` },
    },
  } as const;
  return { net, offerContractId, job };
}

describe('exactly-once effects', () => {
  let net: AutomationNode | null = null;
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await net?.close();
    net = null;
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('turns a second run of a job that committed into a noop the ledger deduplicates', async () => {
    const setup = await nodeWithOffer();
    net = setup.net;
    const processor = acceptOffer.processor({
      automation: net.node.automation,
      policies: policiesOf(parseAutomationConfig({})),
    });
    const job = {
      id: setup.job.request.options.jobId,
      name: acceptOffer.name,
      data: setup.job.request.data,
      attemptsMade: 0,
      updateProgress: async () => {},
    };
    const signal = new AbortController().signal;
    expect(await processor(job, signal)).toMatchObject({ outcome: 'done' });
    const again = await processor({ ...job, attemptsMade: 1 }, signal);
    expect(again.outcome).toBe('noop');
    expect(again.detail).toMatch(/duplicate/);
    await net.settle();
    expect(bobsCoins(net.node)).toEqual([units('25.0')]);
  });

  it('finishes the job of a BullMQ worker killed with SIGKILL on another worker, once', async () => {
    const keys = freshRedisPrefix();
    const runner = createBullmqRunner({
      redisUrl,
      prefix: keys.prefix,
      lockDurationMs: 1000,
      stalledIntervalMs: 300,
      onError: logRedisError,
    });
    cleanups.push(keys.remove);
    // The node and its automations come up only once the first worker has died.
    const setup = await nodeWithOfferWithoutAutomations();
    const child = startHangingWorker(keys.prefix, setup.job.queue);
    cleanups.push(async () => void child.kill('SIGKILL'));
    await linesOf(child, 'ready');
    await runner.add(setup.job.queue, setup.job.request);
    await linesOf(child, `started ${setup.job.request.options.jobId}`);
    expect(await runner.job(setup.job.queue, setup.job.request.options.jobId)).toMatchObject({
      state: 'active',
    });
    child.kill('SIGKILL');
    await once(child, 'exit');
    const automations = startAutomations({
      node: setup.node,
      config: parseAutomationConfig({}),
      runner,
      logger: quietLogger,
    });
    cleanups.push(async () => {
      await automations.close();
      await setup.node.close();
    });
    await expect(
      runner.waitFor(setup.job.queue, setup.job.request.options.jobId),
    ).resolves.toMatchObject({ outcome: 'done' });
    await automations.settled();
    expect(setup.node.wallet.contracts.get(setup.offerCid)).toBeUndefined();
    expect(bobsCoins(setup.node)).toEqual([units('25.0')]);
  });

  it('reruns the job of a BullMQ worker closed by force after its commit as a noop, once', async () => {
    const keys = freshRedisPrefix();
    cleanups.push(keys.remove);
    const runner = createBullmqRunner({
      redisUrl,
      prefix: keys.prefix,
      lockDurationMs: 1000,
      stalledIntervalMs: 300,
      onError: logRedisError,
    });
    const setup = await nodeWithOfferWithoutAutomations();
    const processor = acceptOffer.processor({
      automation: setup.node.automation,
      policies: policiesOf(parseAutomationConfig({})),
    });
    let committed = () => {};
    const commit = new Promise<void>((resolve) => {
      committed = resolve;
    });
    const dying = runner.work(setup.job.queue, async (job, signal) => {
      await processor(job, signal);
      committed();
      return new Promise(() => {});
    });
    await runner.add(setup.job.queue, setup.job.request);
    await commit;
    await dying.close({ force: true });
    const automations = startAutomations({
      node: setup.node,
      config: parseAutomationConfig({}),
      runner,
      logger: quietLogger,
    });
    cleanups.push(async () => {
      await automations.close();
      await setup.node.close();
    });
    const rerun = await runner.waitFor(setup.job.queue, setup.job.request.options.jobId);
    expect(rerun).toMatchObject({ outcome: 'noop' });
    // The schedule finds the accepted offer and the sender's wallet completes it.
    await setup.node.devnet?.controls.advanceTime(unrestrictedCaller, 0n);
    await automations.settled();
    expect(bobsCoins(setup.node)).toEqual([units('25.0')]);
  });
});

// A node without automations: the test starts them itself, on its own runner.
async function nodeWithOfferWithoutAutomations() {
  const { createNode, defaultDevnetConfig, unrestrictedCaller } = await import(
    '@pocketnet/runtime'
  );
  const { createSimulatedClock } = await import('@pocketnet/ledger');
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock: createSimulatedClock(1_767_225_600_000_000n),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
    devnet: defaultDevnetConfig,
  });
  for (const name of ['alice', 'bob'] as const) {
    parties[name] = await node.wallet.onboarding.onboardUser(unrestrictedCaller, { name });
  }
  const alice = { kind: 'user', userId: 'alice', identityProviderId: '' } as const;
  await node.wallet.balances.tap(alice, { amountUsd: '100.0' });
  const { offerContractId } = await node.wallet.offers.create(alice, {
    receiver: parties.bob,
    amount: '25.0',
    description: 'once',
    expiresAtMicros: node.clock.nowMicros() + tickMicros * 10n,
    trackingId: 'once',
  });
  return {
    node,
    offerCid: offerContractId,
    job: {
      queue: 'transfer-offers',
      request: {
        name: 'accept-offer',
        data: { offerCid: offerContractId, receiver: parties.bob },
        options: { jobId: `accept-offer/${offerContractId}` },
      },
    },
  } as const;
}

const bobsCoins = (node: AutomationNode['node']) =>
  node.wallet.contracts
    .of(parties.bob, 'amulet')
    .map((amulet) =>
      units((amulet.node.createArgument.amount as { initialAmount: string }).initialAmount),
    );

function startHangingWorker(prefix: string, queue: string): ChildProcess {
  const script = fileURLToPath(new URL('./fixtures/hanging-worker.ts', import.meta.url));
  return spawn(process.execPath, ['--conditions=development', script, redisUrl, prefix, queue], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** Resolves once the child has printed `line`. */
function linesOf(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.split('\n').includes(line)) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`the worker exited (${code}) before printing ${line}`)),
    );
  });
}
