import { unrestrictedCaller } from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { type AutomationNode, onboard, startAutomationNode, units } from './automation-node.ts';
import { testRunners } from './test-runners.ts';

// Splice's AcceptTransferPreapprovalProposalTrigger: a party with no wallet here (an external
// party's SDK does this) proposes a TransferPreapproval to the validator operator; the
// operator's wallet accepts it, paying the fee, for the configured lifetime.

const proposalTemplate =
  '#splice-wallet:Splice.Wallet.TransferPreapproval:TransferPreapprovalProposal';
const dayMicros = 86_400_000_000n;

describe.each(testRunners)('TransferPreapprovalProposals to the operator (%s)', (_, runnerOf) => {
  let net: AutomationNode;
  let cleanup = async () => {};
  afterEach(async () => {
    await net.close();
    await cleanup();
  });

  const start = (config = {}) => {
    const { runner, cleanup: remove } = runnerOf();
    cleanup = remove;
    return startAutomationNode({ runner, config });
  };
  const propose = async (receiver: string, provider: string) => {
    const { wallet } = net.node;
    const record = await wallet.submit({
      actAs: [receiver],
      commands: [
        {
          kind: 'create',
          templateId: proposalTemplate,
          createArguments: { receiver, provider, expectedDso: wallet.network.dso() },
        },
      ],
    });
    return record.nodes[0]?.contractId ?? '';
  };
  const allocate = async (hint: string) =>
    (await net.node.admin.allocateParty(unrestrictedCaller, { partyIdHint: hint })).party;

  it('accepts one naming the operator: the preapproval for Splice’s 90 days, free', async () => {
    net = await start();
    await net.tap(null, '100.0');
    const operator = net.operator();
    const before = net.balance(operator);
    const dora = await allocate('dora');
    const proposalCid = await propose(dora, operator);
    await net.automations.settled();
    const { wallet } = net.node;
    expect(wallet.contracts.get(proposalCid)).toBeUndefined();
    const preapproval = wallet.preapprovals.preapprovalOf(dora);
    expect(preapproval?.node.createArgument).toMatchObject({
      receiver: dora,
      provider: operator,
      dso: wallet.network.dso(),
    });
    const expiresAt = Date.parse(String(preapproval?.node.createArgument.expiresAt));
    const now = Number(net.node.clock.nowMicros() / 1000n);
    expect(BigInt(expiresAt - now) * 1000n).toBe(90n * dayMicros);
    // 90 days are AmuletConfig's free base duration: nothing to pay.
    expect(net.balance(operator)).toBe(before);
    expect(
      await net.runner.job('transfer-offers', `accept-preapproval-proposal/${proposalCid}`),
    ).toMatchObject({ state: 'completed', result: { outcome: 'done' } });
  });

  it('pays the days beyond the free 90 from the operator’s wallet for a longer lifetime', async () => {
    net = await start({ transferPreapproval: { renewBefore: '30m', lifetime: '2880h' } });
    await net.tap(null, '100.0');
    const operator = net.operator();
    const before = net.balance(operator);
    const dora = await allocate('dora');
    await propose(dora, operator);
    await net.automations.settled();
    const preapproval = net.node.wallet.preapprovals.preapprovalOf(dora);
    const expiresAt = Date.parse(String(preapproval?.node.createArgument.expiresAt));
    const now = Number(net.node.clock.nowMicros() / 1000n);
    expect(BigInt(expiresAt - now) * 1000n).toBe(120n * dayMicros);
    // 30 paid days at $0.00274 a day, $0.0822, at the devnet's $0.005 per amulet.
    expect(before - net.balance(operator)).toBe(units('16.44'));
  });

  it('leaves a proposal to another provider open', async () => {
    net = await start();
    await net.tap(null, '100.0');
    const [dora, other] = [await allocate('dora'), await allocate('other-provider')];
    const proposalCid = await propose(dora, other);
    await net.settle();
    expect(net.node.wallet.contracts.get(proposalCid)).toBeDefined();
    expect(net.node.wallet.preapprovals.preapprovalOf(dora)).toBeUndefined();
  });

  it('gives a wallet user asking for its own preapproval that one, whichever accepts first', async () => {
    let bob = '';
    const { runner, cleanup: remove } = runnerOf();
    cleanup = remove;
    net = await startAutomationNode({
      runner,
      prepare: async (node) => {
        bob = await onboard(node, 'bob');
        return {};
      },
    });
    await net.tap(null, '100.0');
    const { wallet } = net.node;
    const created = await wallet.preapprovals.createOwn(net.userCaller('bob'));
    await net.automations.settled();
    expect(created).toEqual({
      contractId: wallet.preapprovals.preapprovalOf(bob)?.node.contractId,
      existed: false,
    });
    expect(wallet.contracts.of(bob, 'transferPreapproval')).toHaveLength(1);
    expect(wallet.contracts.of(bob, 'preapprovalProposal')).toEqual([]);
  });
});
