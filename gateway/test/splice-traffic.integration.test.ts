import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './ledger-fixtures.ts';
import {
  amuletsOf,
  archivedIn,
  balanceOf,
  createdIn,
  inputAmulet,
  rootResult,
  rulesChoice,
  type Tree,
  tap,
  transferContext,
} from './splice-amulet-calls.ts';
import {
  activeContracts,
  dsoContracts,
  expectRefused,
  latestOpenRound,
  onlyContract,
  partyWithUser,
  type SpliceNode,
  spliceIds,
  startSpliceNode,
  templateFilter,
  units,
} from './splice-fixtures.ts';

// AmuletRules_BuyMemberTraffic over the Ledger API: the price worked by hand, the coin burnt,
// the MemberTraffic created and the provider's ValidatorRewardCoupon.

describe('buying synchronizer traffic over the Ledger API', () => {
  let net: SpliceNode;
  let alice: string;
  let synchronizerId: string;
  let memberId: string;

  beforeAll(async () => {
    net = await startSpliceNode();
    alice = await partyWithUser(net, 'alice');
    const rules = await onlyContract(net, spliceIds.amuletRules);
    const config = (
      rules.createArgument.configSchedule as { initialValue: Record<string, unknown> }
    ).initialValue;
    synchronizerId = String(
      (config.decentralizedSynchronizer as { activeSynchronizer: string }).activeSynchronizer,
    );
    // Any validator's participant may be topped up, not only the buyer's own.
    memberId = 'PAR::participant2::1220ef01';
  });
  afterAll(() => net.node.close());

  const buy = async (request: { inputs: string[]; bytes: string; synchronizer?: string }) =>
    rulesChoice(net, {
      user: 'alice',
      actAs: [alice],
      choice: 'AmuletRules_BuyMemberTraffic',
      argument: {
        inputs: request.inputs.map(inputAmulet),
        context: await transferContext(net),
        provider: alice,
        memberId,
        synchronizerId: request.synchronizer ?? synchronizerId,
        migrationId: '0',
        trafficAmount: request.bytes,
        expectedDso: net.dso,
      },
    });

  it('burns bytes / 1e6 × 16.67 USD / price amulet, records the traffic and rewards the buyer', async () => {
    const round = await latestOpenRound(net);
    expect(round.createArgument.amuletPrice).toBe('0.0050000000');
    const coin = (await tap(net, 'alice', alice, '5000.0')).amulet;
    const response = await buy({ inputs: [coin], bytes: '1000000' });
    const tree = (await json<{ transactionTree: Tree }>(response)).transactionTree;
    // By hand: 1,000,000 bytes = 1 MB × 16.67 USD/MB = 16.67 USD; at 0.005 USD per amulet
    // that is 16.67 / 0.005 = 3334 amulet burnt, and 5000 − 3334 = 1666 come back as change.
    expect(rootResult(tree)).toMatchObject({
      round: { number: String(round.number) },
      amuletPaid: '3334.0000000000',
      summary: { inputAmuletAmount: '5000.0000000000', senderChangeAmount: '1666.0000000000' },
      meta: {
        values: {
          'splice.lfdecentralizedtrust.org/tx-kind': 'burn',
          'splice.lfdecentralizedtrust.org/reason': 'traffic purchase',
          'splice.lfdecentralizedtrust.org/burned': '3334.0',
        },
      },
    });
    expect(archivedIn(tree)).toContain(coin);
    expect(await balanceOf(net, 'alice', alice)).toBe(units('1666'));

    const traffic = createdIn(tree, spliceIds.memberTraffic);
    expect(traffic.map((event) => event.createArgument)).toEqual([
      {
        dso: net.dso,
        memberId,
        synchronizerId,
        migrationId: '0',
        totalPurchased: '1000000',
        numPurchases: '1',
        amuletSpent: '3334.0000000000',
        usdSpent: '16.6700000000',
      },
    ]);
    expect((await dsoContracts(net, spliceIds.memberTraffic)).map((e) => e.contractId)).toEqual(
      traffic.map((event) => event.contractId),
    );
    // The buyer's reward: a ValidatorRewardCoupon over the amulet burnt, in the open round.
    const coupons = await activeContracts(net, {
      user: 'alice',
      party: alice,
      filter: templateFilter(spliceIds.validatorRewardCoupon),
    });
    expect(coupons.map((event) => event.createArgument)).toEqual([
      {
        dso: net.dso,
        user: alice,
        amount: '3334.0000000000',
        round: { number: String(round.number) },
      },
    ]);
    expect(coupons[0]?.signatories).toEqual([net.dso]);
    expect(coupons[0]?.observers).toEqual([alice]);
  });

  it('refuses too little funds, a top-up below the minimum and an unknown synchronizer', async () => {
    const [coin] = [...(await amuletsOf(net, 'alice', alice)).keys()];
    const inputs = [coin ?? ''];
    // 200,000 bytes cost 0.2 × 16.67 / 0.005 = 666.8; 600,000 bytes cost 2000.4 > 1666.
    await expectRefused(net, () => buy({ inputs, bytes: '600000' }), {
      status: 400,
      code: 'DAML_FAILURE',
      message: /insufficient-funds.*missing 334\.4/,
    });
    await expectRefused(net, () => buy({ inputs, bytes: '199999' }), {
      status: 400,
      code: 'DAML_FAILURE',
      message: /insufficient-topup-amount.*\(199999\).*\(200000\)/,
    });
    await expectRefused(
      net,
      () => buy({ inputs, bytes: '200000', synchronizer: 'other::1220aa' }),
      { status: 400, code: 'DAML_FAILURE', message: /unknown-synchronizer/ },
    );
    expect(await balanceOf(net, 'alice', alice)).toBe(units('1666'));
    expect(await dsoContracts(net, spliceIds.memberTraffic)).toHaveLength(1);
  });
});
