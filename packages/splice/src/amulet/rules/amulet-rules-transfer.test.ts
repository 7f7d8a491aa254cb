import { formatTime } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import {
  expectRejected,
  inputAmulet,
  output,
  startAmuletLedger,
  toUnits,
} from '../../../testing/amulet-ledger.test-helper.ts';
import { startMicros, tickMicros } from '../../../testing/splice-ledger.test-helper.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';

const inFuture = (ticks: bigint) => formatTime(startMicros + ticks * tickMicros);

describe('AmuletRules_Transfer', () => {
  it('moves amulet to receivers and returns the change to the sender, without fees', async () => {
    const net = await startAmuletLedger();
    const [alice, bob, carol] = await Promise.all([
      net.party('alice'),
      net.party('bob'),
      net.party('carol'),
    ]);
    const first = await net.tap(alice, '100.0');
    const second = await net.tap(alice, '50.0');
    const result = await net.transfer({
      sender: alice,
      inputs: [inputAmulet(first), inputAmulet(second)],
      outputs: [output(bob, '30.0'), output(carol, '20.0')],
    });
    expect(result.round).toEqual({ number: '1' });
    expect(result.summary).toMatchObject({
      inputAmuletAmount: '150.0000000000',
      senderChangeAmount: '100.0000000000',
      senderChangeFee: '0.0000000000',
      holdingFees: '0.0000000000',
      outputFees: ['0.0000000000', '0.0000000000'],
      amuletPrice: '0.0050000000',
    });
    expect(result.createdAmulets.map(({ tag }) => tag)).toEqual([
      'TransferResultAmulet',
      'TransferResultAmulet',
    ]);
    expect(result.senderChangeAmulet).not.toBeNull();
    expect([net.holdings(alice), net.holdings(bob), net.holdings(carol)]).toEqual([
      toUnits('100'),
      toUnits('30'),
      toUnits('20'),
    ]);
    expect(result.meta?.values).toEqual({
      'splice.lfdecentralizedtrust.org/tx-kind': 'transfer',
      'splice.lfdecentralizedtrust.org/sender': alice,
    });
    expect(net.ledger.active(ids.amulet).some(({ contractId }) => contractId === first)).toBe(
      false,
    );
  });

  it('reports balance changes normalised to round zero', async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    const coin = await net.tap(alice, '10.0');
    const result = await net.transfer({
      sender: alice,
      inputs: [inputAmulet(coin)],
      outputs: [output(bob, '4.0')],
    });
    // Round 1, rate 0.00380518: the change (6) and the output (4) each gain 1 × rate, the
    // archived input of 10 created in round 1 counted 10 + 0.00380518.
    expect(result.summary.balanceChanges).toEqual(
      [
        [
          alice,
          {
            changeToInitialAmountAsOfRoundZero: '-4.0000000000',
            changeToHoldingFeesRate: '0.0000000000',
          },
        ],
        [
          bob,
          {
            changeToInitialAmountAsOfRoundZero: '4.0038051800',
            changeToHoldingFeesRate: '0.0038051800',
          },
        ],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  });

  it('is a merge-split when every output goes back to the sender', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const coins = [await net.tap(alice, '1.0'), await net.tap(alice, '2.0')];
    const result = await net.transfer({
      sender: alice,
      inputs: coins.map(inputAmulet),
      outputs: [],
    });
    expect(result.meta?.values).toEqual({
      'splice.lfdecentralizedtrust.org/tx-kind': 'merge-split',
    });
    expect(
      net.ledger
        .active(ids.amulet)
        .map(
          ({ payload }) => (payload as { amount: { initialAmount: string } }).amount.initialAmount,
        ),
    ).toEqual(['3.0000000000']);
  });

  it('refuses to spend more than the inputs hold, and changes nothing', async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    const coin = await net.tap(alice, '10.0');
    await expectRejected(
      net.transfer({ sender: alice, inputs: [inputAmulet(coin)], outputs: [output(bob, '10.5')] }),
      'DAML_FAILURE',
      /User failure: splice\.lfdecentralizedtrust\.org\/insufficient-funds \(error category 9\): Insufficient funds: you are missing 0\.5 /,
    );
    expect(net.holdings(alice)).toBe(toUnits('10'));
    expect(net.holdings(bob)).toBe(0n);
  });

  it('needs the authority of every receiver', async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    const coin = await net.tap(alice, '10.0');
    const transfer = {
      sender: alice,
      provider: alice,
      inputs: [inputAmulet(coin)],
      outputs: [output(bob, '1.0')],
      beneficiaries: null,
    };
    const context = {
      openMiningRound: net.openRound(),
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: null,
    };
    await expectRejected(
      net.rules('AmuletRules_Transfer', [alice], { transfer, context, expectedDso: net.dso }),
      'DAML_AUTHORIZATION_ERROR',
      /missing bob/,
    );
  });

  it("refuses another party's amulet as input", async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    const bobs = await net.tap(bob, '10.0');
    await expectRejected(
      net.rules('AmuletRules_Transfer', [alice, bob], {
        transfer: {
          sender: alice,
          provider: alice,
          inputs: [inputAmulet(bobs)],
          outputs: [output(alice, '1.0')],
          beneficiaries: null,
        },
        context: {
          openMiningRound: net.openRound(),
          issuingMiningRounds: [],
          validatorRights: [],
          featuredAppRight: null,
        },
        expectedDso: net.dso,
      }),
      'DAML_FAILURE',
      /is owned by bob.*not alice/,
    );
  });

  it('insists on the expected DSO', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const coin = await net.tap(alice, '10.0');
    const transfer = {
      sender: alice,
      provider: alice,
      inputs: [inputAmulet(coin)],
      outputs: [],
      beneficiaries: null,
    };
    const context = {
      openMiningRound: net.openRound(),
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: null,
    };
    await expectRejected(
      net.rules('AmuletRules_Transfer', [alice], { transfer, context, expectedDso: null }),
      'DAML_FAILURE',
      /Expected DSO party not set/,
    );
    await expectRejected(
      net.rules('AmuletRules_Transfer', [alice], { transfer, context, expectedDso: alice }),
      'DAML_FAILURE',
      /does not match actual DSO party/,
    );
  });

  it('takes at most 100 inputs and 100 outputs', async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    const coins: string[] = [];
    for (let index = 0; index < 101; index++) coins.push(await net.tap(alice, '1.0'));
    await expectRejected(
      net.transfer({
        sender: alice,
        inputs: coins.map(inputAmulet),
        outputs: [output(bob, '1.0')],
      }),
      'DAML_FAILURE',
      /splice\.lfdecentralizedtrust\.org\/maximum-inputs-exceeded/,
    );
    const merged = await net.transfer({
      sender: alice,
      inputs: coins.slice(0, 100).map(inputAmulet),
      outputs: [],
    });
    expect(merged.summary.inputAmuletAmount).toBe('100.0000000000');
    await expectRejected(
      net.transfer({
        sender: alice,
        inputs: [inputAmulet(merged.senderChangeAmulet ?? '')],
        outputs: Array.from({ length: 101 }, () => output(bob, '0.1')),
      }),
      'DAML_FAILURE',
      /splice\.lfdecentralizedtrust\.org\/maximum-outputs-exceeded/,
    );
  });

  it('refuses outputs that are not positive', async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    const coin = await net.tap(alice, '10.0');
    await expectRejected(
      net.transfer({ sender: alice, inputs: [inputAmulet(coin)], outputs: [output(bob, '0.0')] }),
      'DAML_FAILURE',
      /Amount is positive/,
    );
  });

  it('uses only an open round that has opened, and no archived one', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const coin = await net.tap(alice, '10.0');
    const [oldest, , notYetOpen] = net.openRounds();
    const transfer = {
      sender: alice,
      provider: alice,
      inputs: [inputAmulet(coin)],
      outputs: [],
      beneficiaries: null,
    };
    const withRound = (openMiningRound: string) => ({
      openMiningRound,
      issuingMiningRounds: [],
      validatorRights: [],
      featuredAppRight: null,
    });
    await expectRejected(
      net.rules('AmuletRules_Transfer', [alice], {
        transfer,
        context: withRound(notYetOpen?.contractId ?? ''),
        expectedDso: net.dso,
      }),
      'DAML_FAILURE',
      /openRound\.opensAt .* has not passed yet/,
    );
    await net.ledger.submit(
      [net.dso],
      [
        {
          kind: 'exercise',
          templateId: ids.openMiningRound,
          contractId: oldest?.contractId ?? '',
          choice: 'Archive',
          choiceArgument: {},
        },
      ],
    );
    await expectRejected(
      net.rules('AmuletRules_Transfer', [alice], {
        transfer,
        context: withRound(oldest?.contractId ?? ''),
        expectedDso: net.dso,
      }),
      'CONTRACT_NOT_FOUND',
      /./,
    );
  });

  it('locks outputs for their lock holders, who must authorize, at most 50 of them', async () => {
    const net = await startAmuletLedger();
    const [alice, bob, carol] = await Promise.all([
      net.party('alice'),
      net.party('bob'),
      net.party('carol'),
    ]);
    const coin = await net.tap(alice, '10.0');
    const lock = { holders: [carol, bob, carol], expiresAt: inFuture(6n), optContext: 'escrow' };
    const result = await net.transfer({
      sender: alice,
      inputs: [inputAmulet(coin)],
      outputs: [output(bob, '4.0', lock)],
    });
    expect(result.createdAmulets.map(({ tag }) => tag)).toEqual(['TransferResultLockedAmulet']);
    const locked = net.ledger.active(ids.lockedAmulet)[0]?.payload as {
      lock: { holders: string[] };
    };
    // The receiver holds no lock on its own amulet and each holder counts once.
    expect(locked.lock.holders).toEqual([carol]);
    const holders = await Promise.all(
      Array.from({ length: 51 }, (_, index) => net.party(`holder-${index}`)),
    );
    await expectRejected(
      net.transfer({
        sender: alice,
        inputs: [inputAmulet(result.senderChangeAmulet ?? '')],
        outputs: [output(bob, '1.0', { holders, expiresAt: inFuture(6n), optContext: null })],
      }),
      'DAML_FAILURE',
      /Fewer than the allowed number of lock holders/,
    );
  });

  it('refuses a lock that has already expired', async () => {
    const net = await startAmuletLedger();
    const [alice, bob] = await Promise.all([net.party('alice'), net.party('bob')]);
    const coin = await net.tap(alice, '10.0');
    const lock = { holders: [alice], expiresAt: formatTime(startMicros), optContext: null };
    await expectRejected(
      net.transfer({
        sender: alice,
        inputs: [inputAmulet(coin)],
        outputs: [output(bob, '1.0', lock)],
      }),
      'DAML_FAILURE',
      /lock\.expiresAt .* has already passed/,
    );
  });
});
