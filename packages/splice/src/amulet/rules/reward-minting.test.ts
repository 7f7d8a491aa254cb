import { describe, expect, it } from 'vitest';
import type { AmuletLedger } from '../../../testing/amulet-ledger.test-helper.ts';
import {
  expectRejected,
  inputAmulet,
  output,
  startAmuletLedger,
  toUnits,
} from '../../../testing/amulet-ledger.test-helper.ts';
import { advanceTicks, openIssuingRounds } from '../../../testing/round-automation.test-helper.ts';
import { synchronizerId } from '../../../testing/splice-ledger.test-helper.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';
import type { TransferInput } from '../types/transfer-types.ts';

type Payload = Record<string, unknown>;
const cidsOf = (
  net: AmuletLedger,
  template: string,
  where: (payload: Payload) => boolean = () => true,
) =>
  net.ledger
    .active(template)
    .filter(({ payload }) => where(payload as Payload))
    .map(({ contractId }) => contractId);

/** What the DSO's automation does with featured transfers' activity markers, in round 1. */
async function convertMarkers(net: AmuletLedger, observers: readonly string[]) {
  await net.rules('AmuletRules_ConvertFeaturedAppActivityMarkers', [net.dso], {
    markerCids: cidsOf(net, ids.featuredAppActivityMarker),
    openMiningRoundCid: net.openRound(),
    observers,
  });
}

/** Round 1 activity of alice: a featured transfer, a traffic purchase, liveness and an SV share. */
async function recordRoundOneActivity(net: AmuletLedger, alice: string, bob: string) {
  const featured = await net.rules('AmuletRules_DevNet_FeatureApp', [alice], { provider: alice });
  const featuredAppRight = (featured.result as { featuredAppRightCid: string }).featuredAppRightCid;
  const coin = await net.tap(alice, '1000.0');
  const paid = await net.transfer({
    sender: alice,
    inputs: [inputAmulet(coin)],
    outputs: [output(bob, '1.0')],
    context: { featuredAppRight },
  });
  await convertMarkers(net, [alice, bob]);
  await net.rules('AmuletRules_BuyMemberTraffic', [alice], {
    inputs: [inputAmulet(paid.senderChangeAmulet ?? '')],
    context: {
      openMiningRound: net.openRound(),
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: null,
    },
    provider: alice,
    memberId: 'PAR::validator::1220abcd',
    synchronizerId,
    migrationId: '0',
    trafficAmount: '200000',
    expectedDso: net.dso,
  });
  const license = await net.ledger.create([net.dso], ids.validatorLicense, {
    validator: alice,
    sponsor: net.dso,
    dso: net.dso,
    faucetState: null,
    metadata: null,
    lastActiveAt: null,
  });
  const liveness = await net.exercise([alice], {
    templateId: ids.validatorLicense,
    contractId: license,
    choice: 'ValidatorLicense_RecordValidatorLivenessActivity',
    choiceArgument: { openRoundCid: net.openRound() },
  });
  const sv = await net.party('sv1');
  await net.ledger.create([net.dso], ids.svRewardCoupon, {
    dso: net.dso,
    sv,
    beneficiary: alice,
    round: { number: '1' },
    weight: '10',
  });
  return { licenseCid: (liveness.result as { licenseCid: string }).licenseCid };
}

const couponTemplates = {
  InputAppRewardCoupon: ids.appRewardCoupon,
  InputValidatorRewardCoupon: ids.validatorRewardCoupon,
  InputSvRewardCoupon: ids.svRewardCoupon,
  InputValidatorLivenessActivityRecord: ids.validatorLivenessActivityRecord,
} as const;

/** Mints every coupon on the ledger as `party`, its own validator (through a ValidatorRight). */
async function minter(net: AmuletLedger, party: string) {
  const right = { dso: net.dso, user: party, validator: party };
  const validatorRight = await net.ledger.create([party], ids.validatorRight, right);
  const inputs = Object.entries(couponTemplates).flatMap(([tag, template]) =>
    cidsOf(net, template).map((value) => ({ tag, value }) as TransferInput),
  );
  const validatorRights = [[party, validatorRight]];
  return () =>
    net.transfer({
      sender: party,
      inputs,
      outputs: [],
      context: { issuingMiningRounds: openIssuingRounds(net), validatorRights },
    });
}

describe('rewards', () => {
  it('marks a featured transfer with an activity marker, which the DSO turns into the AppRewardCoupon of featuredAppActivityMarkerAmount / price', async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    const right = await net.rules('AmuletRules_DevNet_FeatureApp', [alice], { provider: alice });
    const featuredAppRight = (right.result as { featuredAppRightCid: string }).featuredAppRightCid;
    const coin = await net.tap(bob, '10.0');
    await net.transfer({
      sender: bob,
      provider: bob,
      inputs: [inputAmulet(coin)],
      outputs: [output(alice, '1.0')],
    });
    expect(net.ledger.active(ids.appRewardCoupon)).toHaveLength(0);
    const change = cidsOf(net, ids.amulet, (payload) => payload.owner === bob);
    await net.transfer({
      sender: bob,
      provider: alice,
      inputs: change.map(inputAmulet),
      outputs: [output(alice, '1.0')],
      context: { featuredAppRight },
    });
    // splice-amulet 0.1.20's transfers create no coupon: a marker of weight 1 for the provider.
    expect(net.ledger.active(ids.appRewardCoupon)).toHaveLength(0);
    expect(net.ledger.active(ids.featuredAppActivityMarker).map(({ payload }) => payload)).toEqual([
      { dso: net.dso, provider: alice, beneficiary: alice, weight: '1.0000000000' },
    ]);
    await convertMarkers(net, [alice]);
    // 1.0 USD / 0.005 USD per amulet = 200 amulet, against the open round 1.
    expect(net.ledger.active(ids.appRewardCoupon).map(({ payload }) => payload)).toEqual([
      {
        dso: net.dso,
        provider: alice,
        featured: true,
        amount: '200.0000000000',
        round: { number: '1' },
        beneficiary: alice,
      },
    ]);
    await expectRejected(
      net.transfer({
        sender: bob,
        provider: bob,
        inputs: [],
        outputs: [],
        context: { featuredAppRight },
      }),
      'DAML_FAILURE',
      /is not of provider bob/,
    );
  });

  it("mints a round's coupons at its issuing round's rates, worked by hand", async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    await recordRoundOneActivity(net, alice, bob);
    const mint = await minter(net, alice);
    await advanceTicks(net, 2);
    await expectRejected(mint(), 'DAML_FAILURE', /did not contain issuing mining round .*Round 1/);
    await advanceTicks(net, 1);
    const minted = await mint();
    // Round 1 issues from the first segment: 40e9 / 52560 = 761035.0076103501 a round, 95 %
    // after the development fund = 722983.2572298326.
    //  validators: tranche × 0.05 = 36149.1628614916; 666.8 of traffic coupons × cap 0.2 = 133.36
    //  faucet: one liveness record gets its cap 2.85 / 0.005 = 570
    //  apps: tranche × 0.15 = 108447.4885844749; 200 featured × (0.6 + 99.4) = 20000
    //  SVs: 722983.2572298326 − 36149.1628614916 − 108447.4885844749 = 578386.6057838661,
    //       / weight 10 = 57838.6605783866 a unit, × 10 = 578386.605783866
    expect(minted.summary).toMatchObject({
      inputValidatorRewardAmount: '703.3600000000',
      inputValidatorFaucetAmount: '570.0000000000',
      inputAppRewardAmount: '20000.0000000000',
      inputSvRewardAmount: '578386.6057838660',
      senderChangeAmount: '599089.9657838660',
    });
    expect(minted.meta?.values['amulet.splice.lfdecentralizedtrust.org/app-rewards']).toBe(
      '20000.0',
    );
    for (const template of Object.values(couponTemplates))
      expect(net.ledger.active(template)).toHaveLength(0);
    expect(net.ledger.active(ids.validatorRight)).toHaveLength(1);
  });

  it("turns a closed round's unminted coupons into an UnclaimedReward", async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    await recordRoundOneActivity(net, alice, bob);
    const unclaimedBefore = net.ledger.active(ids.unclaimedReward).length;
    await advanceTicks(net, 5);
    // Round 1 closed at 5 ticks: its coupons expire at their value, 599089.965783866 amulet,
    // on top of what nobody claimed when it started issuing.
    const amounts = net.ledger
      .active(ids.unclaimedReward)
      .map(({ payload }) => (payload as Payload).amount);
    expect(amounts.slice(unclaimedBefore)).toContain('599089.9657838660');
    expect(net.ledger.active(ids.appRewardCoupon)).toHaveLength(0);
    expect(net.ledger.active(ids.closedMiningRound)).toHaveLength(0);
  });

  it('records liveness once per round', async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    const { licenseCid } = await recordRoundOneActivity(net, alice, bob);
    const record = (contractId: string) =>
      net.exercise([alice], {
        templateId: ids.validatorLicense,
        contractId,
        choice: 'ValidatorLicense_RecordValidatorLivenessActivity',
        choiceArgument: { openRoundCid: net.openRound() },
      });
    await expectRejected(record(licenseCid), 'DAML_FAILURE', /already recorded for round 1/);
    await advanceTicks(net, 2);
    const next = await record(licenseCid);
    const license = net.ledger
      .active(ids.validatorLicense)
      .find(({ contractId }) => contractId === (next.result as { licenseCid: string }).licenseCid);
    expect((license?.payload as Payload | undefined)?.faucetState).toEqual({
      firstReceivedFor: { number: '1' },
      lastReceivedFor: { number: '3' },
      numCouponsMissed: '1',
    });
  });

  it('converts featured app activity markers into AppRewardCoupons per provider and beneficiary', async () => {
    const net = await startAmuletLedger();
    const [alice, bob, carol] = await Promise.all([
      net.party('alice'),
      net.party('bob'),
      net.party('carol'),
    ]);
    const marker = (beneficiary: string, weight: string) =>
      net.ledger.create([net.dso], ids.featuredAppActivityMarker, {
        dso: net.dso,
        provider: alice,
        beneficiary,
        weight,
      });
    const markerCids = [
      await marker(bob, '0.5'),
      await marker(bob, '0.5'),
      await marker(carol, '0.25'),
    ];
    const { result } = await net.rules('AmuletRules_ConvertFeaturedAppActivityMarkers', [net.dso], {
      markerCids,
      openMiningRoundCid: net.openRound(),
      observers: [alice, bob, carol],
    });
    expect((result as { appRewardCouponCids: string[] }).appRewardCouponCids).toHaveLength(2);
    // featuredAppActivityMarkerAmount 1.0 USD / 0.005 = 200 amulet per unit of weight.
    const coupons = net.ledger.active(ids.appRewardCoupon).map(({ payload }) => payload as Payload);
    expect(
      coupons.map(({ beneficiary, amount, featured }) => [beneficiary, amount, featured]).sort(),
    ).toEqual(
      [
        [bob, '200.0000000000', true],
        [carol, '50.0000000000', true],
      ].sort(),
    );
    expect(net.ledger.active(ids.featuredAppActivityMarker)).toHaveLength(0);
    expect(net.holdings()).toBe(toUnits('0'));
  });
});
