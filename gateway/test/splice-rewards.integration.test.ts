import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './ledger-fixtures.ts';
import {
  balanceOf,
  createdIn,
  inputAmulet,
  output,
  rootResult,
  rulesChoice,
  submitTree,
  type Tree,
  tap,
  transferArgument,
  transferContext,
} from './splice-amulet-calls.ts';
import {
  activeContracts,
  advanceRounds,
  decimal,
  expectRefused,
  latestOpenRound,
  nodeTime,
  partyWithUser,
  type RoundContract,
  roundsOf,
  type SpliceNode,
  spliceIds,
  startSpliceNode,
  templateFilter,
  tickSeconds,
  units,
} from './splice-fixtures.ts';

// Reward collection over the Ledger API: a ValidatorRewardCoupon (from a traffic purchase) and
// a featured AppRewardCoupon are minted as transfer inputs once their round issues, at the
// issuing round's rates, worked by hand.

describe('collecting rewards over the Ledger API', () => {
  let net: SpliceNode;
  let alice: string;
  let round: RoundContract;
  let rightCid: string;
  let coupons: { validator: string; app: string };

  beforeAll(async () => {
    net = await startSpliceNode();
    alice = await partyWithUser(net, 'alice');
  });
  afterAll(() => net.node.close());

  const couponsOf = async (templateId: string) =>
    activeContracts(net, { user: 'alice', party: alice, filter: templateFilter(templateId) });

  it('earns a validator coupon for burning amulet and an app coupon for a featured transfer', async () => {
    round = await latestOpenRound(net);
    const [bought, featured, right] = [
      await rulesChoice(net, {
        user: 'alice',
        actAs: [alice],
        choice: 'AmuletRules_BuyMemberTraffic',
        argument: {
          inputs: [inputAmulet((await tap(net, 'alice', alice, '4000.0')).amulet)],
          context: await transferContext(net),
          provider: alice,
          memberId: 'PAR::participant1::1220ab',
          synchronizerId: net.node.node.identity.synchronizerId,
          migrationId: '0',
          trafficAmount: '1000000',
          expectedDso: net.dso,
        },
      }),
      await rulesChoice(net, {
        user: 'alice',
        actAs: [alice],
        choice: 'AmuletRules_DevNet_FeatureApp',
        argument: { provider: alice },
      }),
      await submitTree(net, {
        user: 'alice',
        actAs: [alice],
        commands: [
          {
            CreateCommand: {
              templateId: spliceIds.validatorRight,
              createArguments: { dso: net.dso, user: alice, validator: alice },
            },
          },
        ],
      }),
    ];
    expect(bought.status).toBe(200);
    const featuredRight = rootResult<{ featuredAppRightCid: string }>(
      (await json<{ transactionTree: Tree }>(featured)).transactionTree,
    ).featuredAppRightCid;
    rightCid = createdIn(right, spliceIds.validatorRight)[0]?.contractId ?? '';
    // A featured transfer: alice is the provider and holds a FeaturedAppRight.
    const [change] = (
      await activeContracts(net, {
        user: 'alice',
        party: alice,
        filter: templateFilter(spliceIds.amulet),
      })
    ).map((event) => event.contractId);
    const argument = transferArgument(
      net,
      { sender: alice, inputs: [inputAmulet(change ?? '')], outputs: [output(alice, '1.0')] },
      await transferContext(net, { featuredAppRight: featuredRight }),
    );
    await json(
      await rulesChoice(net, {
        user: 'alice',
        actAs: [alice],
        choice: 'AmuletRules_Transfer',
        argument,
      }),
    );
    // splice-amulet 0.1.20's featured transfer leaves an activity marker; the DSO's automation,
    // due at once, turns it into the AppRewardCoupon at the middle open round.
    expect(await couponsOf(spliceIds.appRewardCoupon)).toEqual([]);
    expect(await couponsOf(spliceIds.featuredAppActivityMarker)).toHaveLength(1);
    await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 1 } });
    const [validator] = await couponsOf(spliceIds.validatorRewardCoupon);
    const [app] = await couponsOf(spliceIds.appRewardCoupon);
    // 3334 amulet burnt for 1 MB of traffic; 1.0 USD / 0.005 = 200 amulet for the featured app.
    expect(validator?.createArgument).toMatchObject({
      amount: '3334.0000000000',
      round: { number: String(round.number) },
    });
    expect(app?.createArgument).toMatchObject({
      provider: alice,
      featured: true,
      amount: '200.0000000000',
      round: { number: String(round.number) },
      beneficiary: alice,
    });
    coupons = { validator: validator?.contractId ?? '', app: app?.contractId ?? '' };
  });

  const mint = async (issuingRound: RoundContract | null) => {
    const argument = transferArgument(
      net,
      {
        sender: alice,
        inputs: [
          { tag: 'InputValidatorRewardCoupon', value: coupons.validator },
          { tag: 'InputAppRewardCoupon', value: coupons.app },
        ],
        outputs: [],
      },
      await transferContext(net, {
        issuingMiningRounds: issuingRound
          ? [[{ number: String(issuingRound.number) }, issuingRound.contractId]]
          : [],
        validatorRights: [[alice, rightCid]],
      }),
    );
    return () =>
      rulesChoice(net, { user: 'alice', actAs: [alice], choice: 'AmuletRules_Transfer', argument });
  };

  it('cannot mint a coupon while its round is still open', async () => {
    // Splice's own packages show the round as a Daml record: `Round {number = 1}`.
    await expectRefused(net, await mint(null), {
      status: 400,
      code: 'DAML_FAILURE',
      message: new RegExp(
        `did not contain issuing mining round .*Round (?:\\{number = )?${round.number}\\b`,
      ),
    });
  });

  it('mints both coupons once the round issues, at the issuing round’s rates', async () => {
    let issuing: RoundContract | undefined;
    for (let pass = 0; pass < 4 && !issuing; pass++) {
      await advanceRounds(net, 1);
      issuing = (await roundsOf(net, spliceIds.issuingMiningRound)).find(
        (candidate) => candidate.number === round.number,
      );
    }
    if (!issuing) throw new Error(`round ${round.number} never started issuing`);
    // The issuing round opens for minting a tick after it starts issuing.
    expect(Date.parse(issuing.opensAt) - Date.parse(await nodeTime(net))).toBe(tickSeconds * 1000);
    await expectRefused(net, await mint(issuing), {
      status: 400,
      code: 'DAML_FAILURE',
      // Daml's assertDeadlineExceeded, worded by each implementation after its failure status.
      message:
        /User failure: stdlib\.daml\.com\/deadline-not-exceeded .*issuingRound\[1\]\.opensAt/,
    });
    await json(
      await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: tickSeconds } }),
    );
    // By hand, round 1 issues from the curve's first segment: 40e9 / 52560 rounds =
    // 761035.0076103501 a round, 722983.2572298326 after the 5 % development fund.
    //  validators: 5 % = 36149.16…, 3334 × cap 0.2 = 666.8 fits: 0.2 per coupon unit;
    //  apps: 15 % = 108447.49…, 200 featured × (0.6 + 99.4) = 20000 fits: 100 per unit.
    expect(issuing.createArgument).toMatchObject({
      issuancePerValidatorRewardCoupon: '0.2000000000',
      issuancePerFeaturedAppRewardCoupon: '100.0000000000',
    });
    const before = await balanceOf(net, 'alice', alice);
    const response = await (await mint(issuing))();
    const result = rootResult<{ summary: Record<string, string> }>(
      (await json<{ transactionTree: Tree }>(response)).transactionTree,
    );
    const rate = (field: string) => units(String(issuing?.createArgument[field]));
    const expected = {
      validator: (units('3334') * rate('issuancePerValidatorRewardCoupon')) / 10n ** 10n,
      app: (units('200') * rate('issuancePerFeaturedAppRewardCoupon')) / 10n ** 10n,
    };
    expect(result.summary).toMatchObject({
      inputValidatorRewardAmount: decimal(expected.validator),
      inputAppRewardAmount: decimal(expected.app),
      senderChangeAmount: decimal(expected.validator + expected.app),
    });
    expect([decimal(expected.validator), decimal(expected.app)]).toEqual([
      '666.8000000000',
      '20000.0000000000',
    ]);
    expect(await balanceOf(net, 'alice', alice)).toBe(before + units('20666.8'));
    expect(await couponsOf(spliceIds.validatorRewardCoupon)).toEqual([]);
    expect(await couponsOf(spliceIds.appRewardCoupon)).toEqual([]);
    // The validator right stays, for the next rounds' coupons.
    expect((await couponsOf(spliceIds.validatorRight)).map((e) => e.contractId)).toEqual([
      rightCid,
    ]);
  });

  it('keeps unminted coupons only until their round closes', async () => {
    const before = new Set(
      (await couponsOf(spliceIds.appRewardCoupon)).map((event) => event.contractId),
    );
    const featured = await rulesChoice(net, {
      user: 'alice',
      actAs: [alice],
      choice: 'AmuletRules_DevNet_FeatureApp',
      argument: { provider: alice },
    });
    const right = rootResult<{ featuredAppRightCid: string }>(
      (await json<{ transactionTree: Tree }>(featured)).transactionTree,
    ).featuredAppRightCid;
    const coin = (await tap(net, 'alice', alice, '1.0')).amulet;
    await json(
      await rulesChoice(net, {
        user: 'alice',
        actAs: [alice],
        choice: 'AmuletRules_Transfer',
        argument: transferArgument(
          net,
          { sender: alice, inputs: [inputAmulet(coin)], outputs: [] },
          await transferContext(net, { featuredAppRight: right }),
        ),
      }),
    );
    // The DSO converts the transfer's activity marker into the coupon, due at once.
    await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 1 } });
    const mine = async () =>
      (await couponsOf(spliceIds.appRewardCoupon)).filter((event) => !before.has(event.contractId));
    expect(await mine()).toHaveLength(1);
    await advanceRounds(net, 6);
    expect(await mine()).toEqual([]);
  });
});
