import { parseNumeric } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import {
  expectRejected,
  startAmuletLedger,
  toUnits,
} from '../../../testing/amulet-ledger.test-helper.ts';
import { advanceTicks } from '../../../testing/round-automation.test-helper.ts';
import { holdingInterfaceId } from '../../token-standard/holding-v1.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';

type AmuletPayload = {
  amount: { initialAmount: string; createdAt: { number: string }; ratePerRound: { rate: string } };
};

describe('Amulet', () => {
  it('is created by a tap at the open round with the holding fee in amulet, worked by hand', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const cid = await net.tap(alice, '0.01');
    const coin = net.ledger.active(ids.amulet).find((contract) => contract.contractId === cid);
    // Round 1 is the newest open round at genesis; 0.0000190259 USD / 0.005 USD = 0.00380518.
    expect((coin?.payload as AmuletPayload | undefined)?.amount).toEqual({
      initialAmount: '0.0100000000',
      createdAt: { number: '1' },
      ratePerRound: { rate: '0.0038051800' },
    });
  });

  it('refuses the V1 dust expiry, as splice-amulet 0.1.20 does (dust expires with V2)', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const dust = await net.tap(alice, '0.01');
    await advanceTicks(net, 3);
    await expectRejected(
      net.exercise([net.dso], {
        templateId: ids.amulet,
        contractId: dust,
        choice: 'Amulet_Expire',
        choiceArgument: { roundCid: net.openRound() },
      }),
      'DAML_FAILURE',
      /"Amulet_Expire" is no longer supported since "splice-amulet"-"0.1.17"/,
    );
    expect(net.holdings(alice)).toBe(parseNumeric('0.01'));
  });

  it('expires with V2 against the older of two ExternalPartyConfigStates', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const dust = await net.tap(alice, '0.01');
    const state = (round: string) => ({
      dso: net.dso,
      holdingFeesOpenRoundNumber: { number: round },
      amuletPrice: '0.005',
      transferConfig: {
        holdingFee: { rate: '0.0000190259' },
        maxNumInputs: '100',
        maxNumOutputs: '100',
        maxNumLockHolders: '50',
      },
      targetArchiveAfter: '2026-01-02T00:00:00Z',
      rewardCalculationVersion: null,
    });
    const [early, late, later] = await Promise.all(
      ['3', '4', '9'].map((round) =>
        net.ledger.create([net.dso], ids.externalPartyConfigState, state(round)),
      ),
    );
    const expireV2 = (a: string, b: string) =>
      net.exercise([net.dso], {
        templateId: ids.amulet,
        contractId: dust,
        choice: 'Amulet_ExpireV2',
        choiceArgument: { externalPartyConfigState0Cid: a, externalPartyConfigState1Cid: b },
      });
    await expectRejected(
      expireV2(late ?? '', late ?? ''),
      'DAML_FAILURE',
      /externalPartyConfigState0Cid \/= externalPartyConfigState1Cid/,
    );
    await expectRejected(
      expireV2(later ?? '', early ?? ''),
      'DAML_FAILURE',
      /not expired as of round 3/,
    );
    const { result } = await expireV2(late ?? '', later ?? '');
    expect(result).toMatchObject({ expireSum: { owner: alice } });
    expect(net.ledger.active(ids.amulet)).toHaveLength(0);
  });

  it('can be expired by the DSO only', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const dust = await net.tap(alice, '0.01');
    await advanceTicks(net, 3);
    await expectRejected(
      net.exercise([alice], {
        templateId: ids.amulet,
        contractId: dust,
        choice: 'Amulet_Expire',
        choiceArgument: { roundCid: net.openRound() },
      }),
      'DAML_AUTHORIZATION_ERROR',
      /missing .*DSO/,
    );
  });

  it('is a token-standard Holding of instrument {dso, "Amulet"}', async () => {
    const net = await startAmuletLedger();
    const alice = await net.party('alice');
    const cid = await net.tap(alice, '25.0');
    const coin = net.ledger.active(ids.amulet).find((contract) => contract.contractId === cid);
    const contract = net.ledger.engine.contracts.lookup(cid);
    if (coin === undefined || contract === undefined) throw new Error('tapped amulet missing');
    const view = net.ledger.engine.packages.interfaceView(contract, holdingInterfaceId);
    expect(view.viewValue).toEqual({
      owner: alice,
      instrumentId: { admin: net.dso, id: 'Amulet' },
      amount: '25.0000000000',
      lock: null,
      meta: {
        values: {
          'amulet.splice.lfdecentralizedtrust.org/created-in-round': '1',
          'amulet.splice.lfdecentralizedtrust.org/rate-per-round': '0.00380518',
        },
      },
    });
    expect(net.holdings(alice)).toBe(toUnits('25'));
  });
});
