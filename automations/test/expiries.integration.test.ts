import { afterEach, describe, expect, it } from 'vitest';
import {
  type AutomationNode,
  onboard,
  startAutomationNode,
  tickMicros,
} from './automation-node.ts';

const minuteMicros = 60_000_000n;
const proposalTemplate =
  '#splice-wallet:Splice.Wallet.TransferPreapproval:TransferPreapprovalProposal';

describe('expiries and renewals through a real node', () => {
  let net: AutomationNode;
  afterEach(() => net.close());
  const parties = { alice: '', bob: '' };
  const start = (config = {}) =>
    startAutomationNode({
      prepare: async (node) => {
        for (const name of ['alice', 'bob'] as const) parties[name] = await onboard(node, name);
        return config;
      },
    });

  it('ends a token-standard transfer nobody accepted once executeBefore passes, returning the coin', async () => {
    net = await start();
    await net.tap('alice', '100.0');
    const before = net.balance(parties.alice);
    const { output } = await net.node.wallet.tokenTransfers.create(net.userCaller('alice'), {
      receiver: parties.bob,
      amount: '50.0',
      description: 'never accepted',
      expiresAtMicros: net.node.clock.nowMicros() + 30n * minuteMicros,
      trackingId: 'instruction-1',
    });
    if (output.kind !== 'pending')
      throw new Error(`expected a pending transfer, got ${output.kind}`);
    expect(net.balance(parties.alice)).toBeLessThan(before);
    await net.advance(31n * minuteMicros);
    expect(net.node.wallet.contracts.get(output.transferInstructionCid)).toBeUndefined();
    const jobs = await net.runner.list('expiries', 'completed', 10);
    expect(jobs.map((job) => [job.id, job.result?.outcome])).toContainEqual([
      `expire-instruction/${output.transferInstructionCid}`,
      'done',
    ]);
    expect(net.amulets(parties.bob)).toEqual([]);
    expect(net.node.wallet.contracts.of(parties.alice, 'lockedAmulet')).toEqual([]);
  });

  it('leaves no traffic request its wallet cannot pay to expire: it is rejected at once', async () => {
    net = await start();
    const { requestContractId } = await net.node.wallet.traffic.create(net.userCaller('alice'), {
      receivingValidatorParty: parties.alice,
      synchronizerId: net.node.identity.synchronizerId,
      trafficAmount: 1_000_000n,
      trackingId: 'unpaid',
      expiresAtMicros: net.node.clock.nowMicros() + tickMicros,
    });
    await net.automations.settled();
    // As Splice's CompleteBuyTrafficRequestTrigger: cancelled with the reason, no failed job.
    expect((await net.runner.counts('traffic')).failed).toBe(0);
    expect(net.node.wallet.contracts.get(requestContractId)).toBeUndefined();
    expect(net.node.wallet.traffic.status(net.userCaller('alice'), 'unpaid')).toMatchObject({
      status: 'failed',
      failureReason: 'rejected',
    });
    await net.advance(tickMicros);
    expect(await net.runner.job('expiries', `expire-trafficRequest/${requestContractId}`)).toBe(
      null,
    );
  });

  it('renews a preapproval the validator provides before it expires', async () => {
    net = await start({ transferPreapproval: { renewBefore: '30m', lifetime: '2h' } });
    await net.tap(null, '100.0');
    const { wallet } = net.node;
    const proposal = await wallet.submit({
      actAs: [parties.bob],
      commands: [
        {
          kind: 'create',
          templateId: proposalTemplate,
          createArguments: {
            receiver: parties.bob,
            provider: net.operator(),
            expectedDso: wallet.network.dso(),
          },
        },
      ],
    });
    // The operator's automation accepts the proposal for the configured lifetime (2 hours).
    await net.automations.settled();
    expect(wallet.contracts.get(proposal.nodes[0]?.contractId ?? '')).toBeUndefined();
    const first = wallet.preapprovals.preapprovalOf(parties.bob)?.node.contractId;
    const expiresAt = () =>
      String(wallet.preapprovals.preapprovalOf(parties.bob)?.node.createArgument.expiresAt);
    const firstExpiry = expiresAt();
    await net.advance(89n * minuteMicros);
    expect(wallet.preapprovals.preapprovalOf(parties.bob)?.node.contractId).toBe(first);
    await net.advance(minuteMicros);
    const renewed = wallet.preapprovals.preapprovalOf(parties.bob);
    expect(renewed?.node.contractId).not.toBe(first);
    expect(Date.parse(expiresAt()) - Date.parse(firstExpiry)).toBe(90 * 60 * 1000);
    expect(await net.runner.job('expiries', `renew-preapproval/${first}`)).toMatchObject({
      result: { outcome: 'done' },
    });
  });
});
