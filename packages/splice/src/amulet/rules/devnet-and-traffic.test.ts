import type { Value } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import type { AmuletLedger } from '../../../testing/amulet-ledger.test-helper.ts';
import {
  expectRejected,
  inputAmulet,
  startAmuletLedger,
  toUnits,
} from '../../../testing/amulet-ledger.test-helper.ts';
import { synchronizerId } from '../../../testing/splice-ledger.test-helper.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';
import { devNetAmuletRules } from '../default-config.ts';

function buyTraffic(
  net: AmuletLedger,
  provider: string,
  request: { inputs: string[]; bytes: string; synchronizer?: string },
) {
  return net.rules('AmuletRules_BuyMemberTraffic', [provider], {
    inputs: request.inputs.map(inputAmulet),
    context: {
      openMiningRound: net.openRound(),
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: null,
    },
    provider,
    memberId: 'PAR::participant2::1220ef01',
    synchronizerId: request.synchronizer ?? synchronizerId,
    migrationId: '0',
    trafficAmount: request.bytes,
    expectedDso: net.dso,
  });
}

describe('AmuletRules_DevNet_Tap', () => {
  it('mints the amount for the receiver, marked as a mint', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const { result } = await net.rules('AmuletRules_DevNet_Tap', [alice], {
      receiver: alice,
      amount: '100000000.0',
      openRound: net.openRound(),
    });
    expect(result).toMatchObject({
      amuletSum: { amuletPrice: '0.0050000000', round: { number: '1' } },
      meta: {
        values: {
          'splice.lfdecentralizedtrust.org/tx-kind': 'mint',
          'splice.lfdecentralizedtrust.org/reason': 'tapped DevNet faucet',
        },
      },
    });
    expect(net.holdings(alice)).toBe(toUnits('100000000'));
  });

  it('refuses more than 100 000 000, nothing, and anyone but the receiver', async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    const tap = (actAs: string, amount: string) =>
      net.rules('AmuletRules_DevNet_Tap', [actAs], {
        receiver: alice,
        amount,
        openRound: net.openRound(),
      });
    await expectRejected(
      tap(alice, '100000000.0000000001'),
      'DAML_FAILURE',
      /Tapped amount <= 100,000,000/,
    );
    await expectRejected(tap(alice, '0.0'), 'DAML_FAILURE', /initialAmount must be positive/);
    await expectRejected(tap(bob, '1.0'), 'DAML_AUTHORIZATION_ERROR', /missing alice/);
  });

  it('works only on a DevNet, as does self-featuring', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const rulesCid = await net.ledger.create([net.dso], ids.amuletRules, {
      ...devNetAmuletRules({ dso: net.dso, synchronizerId }),
      isDevNet: false,
    });
    const onMainNet = (choice: string, choiceArgument: Value) =>
      net.exercise([alice], {
        templateId: ids.amuletRules,
        contractId: rulesCid,
        choice,
        choiceArgument,
      });
    await expectRejected(
      onMainNet('AmuletRules_DevNet_Tap', {
        receiver: alice,
        amount: '1.0',
        openRound: net.openRound(),
      }),
      'DAML_FAILURE',
      /isDevNet/,
    );
    await expectRejected(
      onMainNet('AmuletRules_DevNet_FeatureApp', { provider: alice }),
      'DAML_FAILURE',
      /isDevNet/,
    );
  });
});

describe('AmuletRules_BuyMemberTraffic', () => {
  it('burns bytes / 1e6 × 16.67 USD / 0.005 amulet and rewards the buyer, worked by hand', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const coin = await net.tap(alice, '1000.0');
    const { result } = await buyTraffic(net, alice, { inputs: [coin], bytes: '200000' });
    // 200000 / 1e6 = 0.2 MB × 16.67 USD/MB = 3.334 USD; 3.334 / 0.005 = 666.8 amulet burnt.
    expect(result).toMatchObject({
      round: { number: '1' },
      amuletPaid: '666.8000000000',
      summary: { inputAmuletAmount: '1000.0000000000', senderChangeAmount: '333.2000000000' },
      meta: {
        values: {
          'splice.lfdecentralizedtrust.org/tx-kind': 'burn',
          'splice.lfdecentralizedtrust.org/reason': 'traffic purchase',
          'splice.lfdecentralizedtrust.org/burned': '666.8',
        },
      },
    });
    expect(net.holdings(alice)).toBe(toUnits('333.2'));
    expect(net.ledger.active(ids.memberTraffic).map(({ payload }) => payload)).toEqual([
      {
        dso: net.dso,
        memberId: 'PAR::participant2::1220ef01',
        synchronizerId,
        migrationId: '0',
        totalPurchased: '200000',
        numPurchases: '1',
        amuletSpent: '666.8000000000',
        usdSpent: '3.3340000000',
      },
    ]);
    expect(net.ledger.active(ids.validatorRewardCoupon).map(({ payload }) => payload)).toEqual([
      { dso: net.dso, user: alice, amount: '666.8000000000', round: { number: '1' } },
    ]);
    // 300000 bytes cost 0.3 × 16.67 / 0.005 = 1000.2 amulet, more than the 333.2 left.
    const change = (result as { senderChangeAmulet: string }).senderChangeAmulet;
    await expectRejected(
      buyTraffic(net, alice, { inputs: [change], bytes: '300000' }),
      'DAML_FAILURE',
      /insufficient-funds.*missing 667/,
    );
  });

  it('refuses unknown synchronizers and top-ups below the minimum', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const coin = await net.tap(alice, '1000.0');
    await expectRejected(
      buyTraffic(net, alice, { inputs: [coin], bytes: '200000', synchronizer: 'other::1220aa' }),
      'DAML_FAILURE',
      /User failure: splice\.lfdecentralizedtrust\.org\/unknown-synchronizer \(error category 9\): Unknown synchronizer provided: other::1220aa/,
    );
    await expectRejected(
      buyTraffic(net, alice, { inputs: [coin], bytes: '199999' }),
      'DAML_FAILURE',
      /User failure: splice\.lfdecentralizedtrust\.org\/insufficient-topup-amount \(error category 9\): The requested top-up amount \(199999\) is below the minimum allowed \(200000\)/,
    );
  });

  it("lets the DSO merge a member's purchases", async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const first = await buyTraffic(net, alice, {
      inputs: [await net.tap(alice, '1000.0')],
      bytes: '200000',
    });
    const change = (first.result as { senderChangeAmulet: string }).senderChangeAmulet;
    await buyTraffic(net, alice, {
      inputs: [change, await net.tap(alice, '1000.0')],
      bytes: '250000',
    });
    const trafficCids = net.ledger.active(ids.memberTraffic).map(({ contractId }) => contractId);
    await net.rules('AmuletRules_MergeMemberTrafficContracts', [net.dso], { trafficCids });
    expect(net.ledger.active(ids.memberTraffic).map(({ payload }) => payload)).toMatchObject([
      {
        totalPurchased: '450000',
        numPurchases: '2',
        amuletSpent: '1500.3000000000',
        usdSpent: '7.5015000000',
      },
    ]);
  });
});
