import { describe, expect, it } from 'vitest';
import { expectRejected, startAmuletLedger } from '../../../testing/amulet-ledger.test-helper.ts';
import { advanceTicks } from '../../../testing/round-automation.test-helper.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';

describe('FeaturedAppRight, ValidatorRight and coupons', () => {
  it('is withdrawn by the DSO or cancelled by the provider', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const feature = async () =>
      (
        (await net.rules('AmuletRules_DevNet_FeatureApp', [alice], { provider: alice })).result as {
          featuredAppRightCid: string;
        }
      ).featuredAppRightCid;
    const right = (contractId: string, actAs: string[], choice: string, choiceArgument = {}) =>
      net.exercise(actAs, { templateId: ids.featuredAppRight, contractId, choice, choiceArgument });
    const first = await feature();
    await expectRejected(
      right(first, [alice], 'FeaturedAppRight_Withdraw', { reason: 'no' }),
      'DAML_AUTHORIZATION_ERROR',
      /missing .*DSO/,
    );
    await right(first, [net.dso], 'FeaturedAppRight_Withdraw', { reason: 'inactive' });
    await right(await feature(), [alice], 'FeaturedAppRight_Cancel');
    expect(net.ledger.active(ids.featuredAppRight)).toHaveLength(0);
  });

  it('ends a ValidatorRight by either side', async () => {
    const net = await startAmuletLedger();
    const [user, validator] = await Promise.all([net.party('user'), net.party('validator')]);
    const create = () =>
      net.ledger.create([user, validator], ids.validatorRight, { dso: net.dso, user, validator });
    const archive = (contractId: string, actAs: string, choice: string) =>
      net.exercise([actAs], {
        templateId: ids.validatorRight,
        contractId,
        choice,
        choiceArgument: {},
      });
    await archive(await create(), validator, 'ValidatorRight_ArchiveAsValidator');
    await archive(await create(), user, 'ValidatorRight_ArchiveAsUser');
    expect(net.ledger.active(ids.validatorRight)).toHaveLength(0);
  });

  it('expires a coupon only against the ClosedMiningRound of its own round', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const coupon = await net.ledger.create([net.dso], ids.validatorRewardCoupon, {
      dso: net.dso,
      user: alice,
      amount: '1.0',
      round: { number: '7' },
    });
    await advanceTicks(net, 4);
    const closed = await net.ledger.create([net.dso], ids.closedMiningRound, {
      dso: net.dso,
      round: { number: '6' },
      issuancePerValidatorRewardCoupon: '0.2',
      issuancePerFeaturedAppRewardCoupon: '100.0',
      issuancePerUnfeaturedAppRewardCoupon: '0.6',
      issuancePerSvRewardCoupon: '1.0',
      optIssuancePerValidatorFaucetCoupon: null,
    });
    await expectRejected(
      net.exercise([net.dso], {
        templateId: ids.validatorRewardCoupon,
        contractId: coupon,
        choice: 'ValidatorRewardCoupon_DsoExpire',
        choiceArgument: { closedRoundCid: closed },
      }),
      'DAML_FAILURE',
      /is for round 6, not 7/,
    );
  });
});

describe('AmuletRules_UpdateExternalPartyConfigStates', () => {
  it('replaces the older state with one for the current rounds once it is due', async () => {
    const net = await startAmuletLedger();
    await advanceTicks(net, 2);
    const [older = '', newer = ''] = net.ledger
      .active(ids.externalPartyConfigState)
      .map(({ contractId }) => contractId);
    const [round0Cid = '', round1Cid = '', round2Cid = ''] = net
      .openRounds()
      .map(({ contractId }) => contractId);
    const update = () =>
      net.rules('AmuletRules_UpdateExternalPartyConfigStates', [net.dso], {
        externalPartyConfigStateCid0: older,
        externalPartyConfigStateCid1: newer,
        openMiningRoundTriple: { round0Cid, round1Cid, round2Cid },
      });
    await expectRejected(
      update(),
      'DAML_FAILURE',
      /ExternalPartyConfigState0\.targetArchiveAfter .* has not passed yet/,
    );
    net.ledger.clock.advance(86_400_000_000n);
    await update();
    const states = net.ledger
      .active(ids.externalPartyConfigState)
      .map(({ payload }) => payload as { holdingFeesOpenRoundNumber: { number: string } });
    expect(states.map((state) => state.holdingFeesOpenRoundNumber.number)).toEqual(['0', '2']);
  });
});
