import { formatTime } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import type { AmuletLedger } from '../../../testing/amulet-ledger.test-helper.ts';
import { expectRejected, startAmuletLedger } from '../../../testing/amulet-ledger.test-helper.ts';
import { summaryOf } from '../../../testing/round-automation.test-helper.ts';
import { startMicros, tickMicros } from '../../../testing/splice-ledger.test-helper.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';

const at = (ticks: bigint) => formatTime(startMicros + ticks * tickMicros);
type Payload = Record<string, unknown>;

const payloadOf = (net: AmuletLedger, template: string, contractId: string) =>
  net.ledger.active(template).find((contract) => contract.contractId === contractId)?.payload as
    | Payload
    | undefined;

async function advanceOldest(net: AmuletLedger) {
  const [oldest, middle, latest] = net.openRounds();
  const { result } = await net.rules('AmuletRules_AdvanceOpenMiningRounds', [net.dso], {
    amuletPrice: '0.006',
    roundToArchiveCid: oldest?.contractId ?? '',
    middleRoundCid: middle?.contractId ?? '',
    latestRoundCid: latest?.contractId ?? '',
  });
  return result as { summarizingRoundCid: string; openRoundCid: string };
}

async function startIssuingOldest(net: AmuletLedger) {
  const { summarizingRoundCid } = await advanceOldest(net);
  const summary = summaryOf(net, '0');
  const started = await net.rules('AmuletRules_MiningRound_StartIssuing', [net.dso], {
    miningRoundCid: summarizingRoundCid,
    summary,
  });
  return started.result as { issuingRoundCid: string };
}

describe('the round timeline under a simulated clock', () => {
  it('bootstraps rounds 0 and 1 open now and round 2 opening a tick later', async () => {
    const net = await startAmuletLedger();
    const rounds = net.ledger.active(ids.openMiningRound).map(({ payload }) => payload as Payload);
    expect(
      rounds.map((round) => [
        (round.round as Payload).number,
        round.opensAt,
        round.targetClosesAt,
        round.issuingFor,
      ]),
    ).toEqual([
      ['0', at(0n), at(1n), { microseconds: '0' }],
      ['1', at(0n), at(2n), { microseconds: String(tickMicros) }],
      ['2', at(1n), at(3n), { microseconds: String(2n * tickMicros) }],
    ]);
    const states = net.ledger
      .active(ids.externalPartyConfigState)
      .map(({ payload }) => payload as Payload);
    expect(states.map((state) => state.targetArchiveAfter)).toEqual([
      formatTime(startMicros + 86_400_000_000n),
      formatTime(startMicros + 2n * 86_400_000_000n),
    ]);
    await expectRejected(
      net.rules('AmuletRules_Bootstrap_Rounds', [net.dso], {
        amuletPrice: '0.005',
        round0Duration: { microseconds: '1' },
        initialRound: null,
      }),
      'DAML_FAILURE',
      /Round0 duration is larger or equal to tick duration/,
    );
  });

  it('advances the oldest open round only once it is due, and opens the next a tick later', async () => {
    const net = await startAmuletLedger();
    await expectRejected(
      advanceOldest(net),
      'DAML_FAILURE',
      /roundToArchive is past targetCloseAt/,
    );
    net.ledger.clock.advance(tickMicros);
    const { openRoundCid } = await advanceOldest(net);
    const round3 = payloadOf(net, ids.openMiningRound, openRoundCid);
    expect(round3).toMatchObject({
      round: { number: '3' },
      amuletPrice: '0.0060000000',
      opensAt: at(2n),
      targetClosesAt: at(4n),
    });
    expect(round3?.issuingFor).toEqual({ microseconds: String(3n * tickMicros) });
    const summarizing = net.ledger
      .active(ids.summarizingMiningRound)
      .map(({ payload }) => (payload as Payload).round);
    expect(summarizing).toEqual([{ number: '0' }]);
  });

  it('starts issuing a tick later, recording the unclaimed remainder and the development fund', async () => {
    const net = await startAmuletLedger();
    net.ledger.clock.advance(tickMicros);
    const { issuingRoundCid } = await startIssuingOldest(net);
    expect(payloadOf(net, ids.issuingMiningRound, issuingRoundCid)).toMatchObject({
      round: { number: '0' },
      opensAt: at(2n),
      targetClosesAt: at(4n),
    });
    // Nothing was recorded in round 0, which issues from the first segment: 40e9 / 52560 =
    // 761035.0076103501 a round. The development fund takes × 0.05 = 38051.7503805175; the
    // other 95 %, 722983.2572298326, goes unclaimed.
    const amounts = (template: string) =>
      net.ledger.active(template).map(({ payload }) => (payload as Payload).amount);
    expect(amounts(ids.unclaimedDevelopmentFundCoupon)).toEqual(['38051.7503805175']);
    expect(amounts(ids.unclaimedReward)).toEqual(['722983.2572298326']);
  });

  it('closes an issuing round once it is due, and archives the closed round', async () => {
    const net = await startAmuletLedger();
    net.ledger.clock.advance(tickMicros);
    const { issuingRoundCid } = await startIssuingOldest(net);
    const close = () => net.rules('AmuletRules_MiningRound_Close', [net.dso], { issuingRoundCid });
    await expectRejected(close(), 'DAML_FAILURE', /Mining round is past targetClosesAt/);
    net.ledger.clock.advance(3n * tickMicros);
    const { closedRoundCid } = (await close()).result as { closedRoundCid: string };
    const closed = net.ledger
      .active(ids.closedMiningRound)
      .map(({ payload }) => (payload as Payload).round);
    expect(closed).toEqual([{ number: '0' }]);
    await net.rules('AmuletRules_MiningRound_Archive', [net.dso], { closedRoundCid });
    expect(net.ledger.active(ids.closedMiningRound)).toHaveLength(0);
  });

  it('lets only the DSO move rounds', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const [r0, r1, r2] = net.openRounds();
    net.ledger.clock.advance(tickMicros);
    await expectRejected(
      net.rules('AmuletRules_AdvanceOpenMiningRounds', [alice], {
        amuletPrice: '0.005',
        roundToArchiveCid: r0?.contractId ?? '',
        middleRoundCid: r1?.contractId ?? '',
        latestRoundCid: r2?.contractId ?? '',
      }),
      'DAML_AUTHORIZATION_ERROR',
      /requires authorizers DSO/,
    );
  });
});
