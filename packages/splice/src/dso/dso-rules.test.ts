import type { Value } from '@pocketnet/ledger';
import { formatTime } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { tickMicros } from '../../testing/splice-ledger.test-helper.ts';
import { expectRejected, startWalletNet } from '../../testing/wallet-ledger.test-helper.ts';
import { amuletTemplateIds } from '../amulet/amulet-references.ts';
import { fieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import { initialDsoRules } from './dso-defaults.ts';
import { dsoReferences, requiredNumVotes } from './dso-types.ts';

async function dsoSetup(svNames: readonly string[] = ['sv1']) {
  const net = await startWalletNet();
  const svs = await Promise.all(svNames.map((name) => net.party(name)));
  const founding = svs.map((party, index) => ({
    party,
    name: svNames[index] ?? '',
    participantId: `PAR::${index}`,
  }));
  const rules = await net.create(
    [net.dso],
    dsoReferences.dsoRules,
    initialDsoRules({
      dso: net.dso,
      svs: founding,
      isDevNet: true,
      synchronizerId: 'global-domain::1220',
    }),
  );
  const lastUpdatedAt = formatTime(net.ledger.clock.nowMicros() - 3_600_000_000n);
  const votes = [];
  for (const sv of svs) {
    votes.push(
      await net.create([net.dso], dsoReferences.amuletPriceVote, {
        dso: net.dso,
        sv,
        amuletPrice: '0.01',
        lastUpdatedAt,
      }),
    );
  }
  const call = (actAs: string, choice: string, choiceArgument: unknown) =>
    net.exercise(
      [actAs],
      { templateId: dsoReferences.dsoRules, contractId: rules, choice, choiceArgument },
      [net.dso],
    );
  return { net, svs, rules, votes, call };
}

type Setup = Awaited<ReturnType<typeof dsoSetup>>;

const roundsOf = (setup: Setup, reference: string) =>
  setup.net.ledger
    .active(reference)
    .map(({ contractId, payload }) => ({
      contractId,
      number: Number(textFieldOf(fieldOf(payload, 'round'), 'number')),
      payload,
    }))
    .sort((a, b) => a.number - b.number);

async function advance(setup: Setup, sv: string) {
  const [oldest, middle, latest] = roundsOf(setup, amuletTemplateIds.openMiningRound);
  return setup.call(sv, 'DsoRules_AdvanceOpenMiningRounds', {
    amuletRulesCid: setup.net.amuletRules,
    roundToArchiveCid: oldest?.contractId,
    middleRoundCid: middle?.contractId,
    latestRoundCid: latest?.contractId,
    amuletPriceVoteCids: setup.votes,
    sv,
  });
}

async function confirmAndExecute(setup: Setup, confirmers: readonly string[], action: Value) {
  const confirmationCids = [];
  for (const confirmer of confirmers) {
    const { result } = await setup.call(confirmer, 'DsoRules_ConfirmAction', { confirmer, action });
    confirmationCids.push(textFieldOf(result, 'confirmation'));
  }
  const executor = confirmers[0] ?? '';
  return setup.call(executor, 'DsoRules_ExecuteConfirmedAction', {
    action,
    amuletRulesCid: setup.net.amuletRules,
    confirmationCids,
    sv: executor,
  });
}

const startIssuing = (miningRoundCid: string): Value => ({
  tag: 'ARC_AmuletRules',
  value: {
    amuletRulesAction: {
      tag: 'CRARC_MiningRound_StartIssuing',
      value: {
        miningRoundCid,
        summary: {
          totalValidatorRewardCoupons: '0.0',
          totalFeaturedAppRewardCoupons: '0.0',
          totalUnfeaturedAppRewardCoupons: '0.0',
          totalSvRewardWeight: '0',
          optTotalValidatorFaucetCoupons: null,
          optTotalValidatorLivenessActivityRecords: null,
        },
      },
    },
  },
});

describe('DsoRules', () => {
  it('advances the open rounds at the median of the SVs’ price votes', async () => {
    const setup = await dsoSetup();
    const [sv] = setup.svs;
    setup.net.advance(tickMicros);
    const { result } = await advance(setup, sv ?? '');
    const open = roundsOf(setup, amuletTemplateIds.openMiningRound);
    expect(open.map(({ number }) => number)).toEqual([1, 2, 3]);
    expect(open.at(-1)?.contractId).toBe(textFieldOf(result, 'openRound'));
    expect(open.at(-1)?.payload).toMatchObject({ amuletPrice: '0.0100000000' });
    expect(
      roundsOf(setup, amuletTemplateIds.summarizingMiningRound).map(({ number }) => number),
    ).toEqual([0]);
  });

  it('starts issuing, closes and archives a round through confirmations and its round choices', async () => {
    const setup = await dsoSetup();
    const sv = setup.svs[0] ?? '';
    setup.net.advance(tickMicros);
    const { result } = await advance(setup, sv);
    await confirmAndExecute(setup, [sv], startIssuing(textFieldOf(result, 'summarizingRound')));
    const [issuing] = roundsOf(setup, amuletTemplateIds.issuingMiningRound);
    expect(issuing?.number).toBe(0);
    const close = () =>
      setup.call(sv, 'DsoRules_MiningRound_Close', {
        amuletRulesCid: setup.net.amuletRules,
        issuingRoundCid: issuing?.contractId,
        sv,
      });
    await expect(close()).rejects.toThrow();
    setup.net.advance(3n * tickMicros);
    const closed = await close();
    const closedRound = textFieldOf(closed.result, 'closedRound');
    const claimed = await setup.call(sv, 'DsoRules_ClaimExpiredRewards', {
      amuletRulesCid: setup.net.amuletRules,
      choiceArg: {
        closedRoundCid: closedRound,
        validatorRewardCouponCids: [],
        appCouponCids: [],
        svRewardCouponCids: [],
        optValidatorFaucetCouponCids: null,
        optValidatorLivenessActivityRecordCids: [],
      },
      sv,
    });
    expect(fieldOf(claimed.result, 'unclaimedReward')).toBeNull();
    const archive = {
      tag: 'ARC_AmuletRules',
      value: {
        amuletRulesAction: {
          tag: 'CRARC_MiningRound_Archive',
          value: { closedRoundCid: closedRound },
        },
      },
    };
    await confirmAndExecute(setup, [sv], archive);
    expect(setup.net.ledger.active(amuletTemplateIds.closedMiningRound)).toEqual([]);
  });

  it('needs confirmations from enough distinct SVs', async () => {
    expect([1, 2, 3, 4, 7].map(requiredNumVotes)).toEqual([1, 2, 2, 3, 5]);
    const setup = await dsoSetup(['sv1', 'sv2', 'sv3']);
    const [sv1, sv2] = setup.svs;
    setup.net.advance(tickMicros);
    const { result } = await advance(setup, sv1 ?? '');
    const action = startIssuing(textFieldOf(result, 'summarizingRound'));
    await expectRejected(
      confirmAndExecute(setup, [sv1 ?? ''], action),
      'DAML_FAILURE',
      /Enough confirmations/,
    );
    await confirmAndExecute(setup, [sv1 ?? '', sv2 ?? ''], action);
    expect(roundsOf(setup, amuletTemplateIds.issuingMiningRound)).toHaveLength(1);
  });

  it('refuses round automation by a party that is not an SV', async () => {
    const setup = await dsoSetup();
    const outsider = await setup.net.party('outsider');
    setup.net.advance(tickMicros);
    await expectRejected(advance(setup, outsider), 'DAML_FAILURE', /SV party is an actual SV/);
    const confirm = setup.call(outsider, 'DsoRules_ConfirmAction', {
      confirmer: outsider,
      action: startIssuing(''),
    });
    await expect(confirm).rejects.toThrow();
  });

  it('lets an SV update its price vote once the cooldown has passed', async () => {
    const setup = await dsoSetup();
    const [sv = ''] = setup.svs;
    const { result } = await setup.call(sv, 'DsoRules_UpdateAmuletPriceVote', {
      sv,
      voteCid: setup.votes[0],
      amuletPrice: '0.02',
    });
    const vote = textFieldOf(result, 'amuletPriceVote');
    const again = setup.call(sv, 'DsoRules_UpdateAmuletPriceVote', {
      sv,
      voteCid: vote,
      amuletPrice: '0.03',
    });
    await expectRejected(again, 'DAML_FAILURE', /voteCooldownTime/);
    expect(
      setup.net.ledger
        .active(dsoReferences.amuletPriceVote)
        .map(({ payload }) => fieldOf(payload, 'amuletPrice')),
    ).toEqual(['0.0200000000']);
  });
});
