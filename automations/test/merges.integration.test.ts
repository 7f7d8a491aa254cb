import { filter, firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { type AutomationNode, onboard, startAutomationNode } from './automation-node.ts';

describe('merges through a real node', () => {
  let net: AutomationNode;
  afterEach(() => net.close());

  it('accepts the delegation, then merges 150 holdings in batches of 100', async () => {
    let dave = '';
    net = await startAutomationNode({
      prepare: async (node) => {
        dave = await onboard(node, 'dave');
        return {};
      },
    });
    await net.settle();
    expect(net.node.wallet.contracts.of(dave, 'mergeDelegation')).toHaveLength(1);
    for (let tap = 0; tap < 150; tap++) await net.tap('dave', '1.0');
    expect(net.amulets(dave)).toHaveLength(150);
    const total = net.balance(dave);
    const progress = firstValueFrom(
      net.runner.events$.pipe(
        filter((event) => event.queue === 'merges' && event.type === 'progress'),
        take(2),
        toArray(),
      ),
    );
    await net.settle();
    expect(net.amulets(dave)).toHaveLength(1);
    // Nothing is lost in the merge, but the merged amulet is dated the ExternalPartyConfigState's
    // round (0), as splice-amulet 0.1.20's factory dates it: one round's holding fee (0.00380518)
    // accrues against open round 1.
    expect(net.amulets(dave)).toEqual([total]);
    expect(net.balance(dave)).toBe(total - 38_051_800n);
    expect(
      (await progress).map((event) => (event.type === 'progress' ? event.progress : null)),
    ).toEqual([
      { merged: 100, total: 150 },
      { merged: 150, total: 150 },
    ]);
    const [merge] = (await net.runner.list('merges', 'completed', 10)).filter(
      (job) => job.name === 'merge-holdings',
    );
    // 100 holdings into 1, then that one and the other 50 into 1.
    expect(merge?.result).toEqual({ outcome: 'done', detail: 'merged 151 holdings in 2 batches' });
  });

  it('features the operator in each merge: a marker the DSO turns into its featured app reward', async () => {
    let frank = '';
    net = await startAutomationNode({
      prepare: async (node) => {
        frank = await onboard(node, 'frank');
        return {};
      },
    });
    await net.settle();
    const operator = net.operator();
    const { templateId } = net.node.packages.resolveTemplate(
      '#splice-amulet:Splice.Amulet:FeaturedAppActivityMarker',
    );
    const created: Array<{ choice: string; marker: Record<string, unknown> }> = [];
    const subscription = net.node.records$.subscribe((record) => {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind !== 'created' || node.templateId !== templateId) continue;
        const parent = record.nodes.find(
          (at) =>
            at.kind === 'exercised' &&
            at.nodeId < node.nodeId &&
            at.lastDescendantNodeId >= node.nodeId &&
            at.choice === 'FeaturedAppRight_CreateActivityMarker',
        );
        created.push({
          choice: parent?.kind === 'exercised' ? parent.choice : '',
          marker: node.createArgument,
        });
      }
    });
    const markerRewards = () =>
      net.node.wallet.contracts
        .of(operator, 'appRewardCoupon')
        .map((coupon) => coupon.node.createArgument)
        .filter((coupon) => coupon.featured === true && coupon.beneficiary === operator);
    for (let tap = 0; tap < 11; tap++) await net.tap('frank', '1.0');
    expect(markerRewards()).toEqual([]);
    await net.settle();
    subscription.unsubscribe();
    expect(net.amulets(frank)).toHaveLength(1);
    // MergeDelegation_Merge exercised FeaturedAppRight_CreateActivityMarker on the operator's right.
    expect(created).toEqual([
      {
        choice: 'FeaturedAppRight_CreateActivityMarker',
        marker: expect.objectContaining({
          provider: operator,
          beneficiary: operator,
          weight: '1.0000000000',
        }),
      },
    ]);
    // The DSO's automation converted it: featuredAppActivityMarkerAmount (1 USD) at 0.005 USD.
    expect([...net.node.engine.contracts.values()].some((c) => c.templateId === templateId)).toBe(
      false,
    );
    expect(markerRewards()).toEqual([
      expect.objectContaining({ provider: operator, amount: '200.0000000000' }),
    ]);
  });

  it('leaves users with 10 holdings or fewer alone', async () => {
    let erin = '';
    net = await startAutomationNode({
      prepare: async (node) => {
        erin = await onboard(node, 'erin');
        return {};
      },
    });
    for (let tap = 0; tap < 10; tap++) await net.tap('erin', '1.0');
    await net.settle();
    expect(net.amulets(erin)).toHaveLength(10);
    expect((await net.runner.counts('merges')).completed).toBe(1);
  });
});
