import { afterEach, describe, expect, it } from 'vitest';
import { type AutomationNode, startAutomationNode, tickMicros } from './automation-node.ts';
import { testRunners } from './test-runners.ts';

describe.each(testRunners)('reward collection through a real node (%s)', (_label, runnerOf) => {
  let net: AutomationNode;
  let cleanup = async () => {};
  afterEach(async () => {
    await net.close();
    await cleanup();
  });
  const start = () => {
    const { runner, cleanup: remove } = runnerOf();
    cleanup = remove;
    return startAutomationNode({ runner });
  };

  it('runs the SV side of the devnet as jobs, in time order', async () => {
    net = await start();
    const rounds = () => net.node.automation.liveness.pending();
    await net.advance(tickMicros * 3n);
    const sv = await net.runner.list('sv-automation', 'completed', 100);
    expect(sv.length).toBeGreaterThan(0);
    expect(sv.every((job) => job.id.startsWith('sv-rounds/'))).toBe(true);
    expect(rounds()).toEqual([]);
  });

  it('records liveness each round and mints it into a holding once the round issues', async () => {
    net = await start();
    const operator = net.operator();
    const before = net.balance(operator);
    await net.advance(tickMicros * 6n);
    const collected = await net.runner.list('rewards', 'completed', 100);
    const collections = collected.filter((job) => job.name === 'collect-rewards');
    expect(collections.map((job) => job.result?.outcome)).toContain('done');
    expect(collected.filter((job) => job.name === 'record-liveness').length).toBeGreaterThan(2);
    expect(net.balance(operator)).toBeGreaterThan(before);
    expect(await net.runner.counts('rewards')).toMatchObject({ failed: 0 });
  });
});
