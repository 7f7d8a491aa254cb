import { describe, expect, it } from 'vitest';
import type { ExternalFixture } from '../../testing/external.test-helper.ts';
import { startExternalFixture } from '../../testing/external.test-helper.ts';
import { amountsOf, dayMicros, nowTime } from '../../testing/token-transfer.test-helper.ts';
import { amuletTemplateIds } from '../amulet/amulet-references.ts';
import { externalReferences } from './amulet-references.ts';

async function setUp() {
  const fixture = await startExternalFixture();
  const alice = await fixture.ledger.party('alice');
  const bob = await fixture.ledger.party('bob');
  const validator = await fixture.ledger.party('validator');
  const preapproval = await fixture.ledger.create(
    [bob, validator, fixture.dso],
    externalReferences.transferPreapproval,
    {
      dso: fixture.dso,
      receiver: bob,
      provider: validator,
      validFrom: nowTime(fixture),
      lastRenewedAt: nowTime(fixture),
      expiresAt: nowTime(fixture, 90n * dayMicros),
    },
  );
  return { fixture, alice, bob, validator, preapproval };
}

function onPreapproval(preapproval: string, choice: string, choiceArgument: unknown) {
  return {
    templateId: externalReferences.transferPreapproval,
    contractId: preapproval,
    choice,
    choiceArgument,
  };
}

function configState(fixture: ExternalFixture): string {
  const [state] = fixture.ledger.active(amuletTemplateIds.externalPartyConfigState);
  if (state === undefined) throw new Error('no ExternalPartyConfigState');
  return state.contractId;
}

describe('TransferPreapproval', () => {
  it('is visible only to receiver, provider and DSO: others get CONTRACT_NOT_FOUND', async () => {
    const { fixture, alice, bob, validator, preapproval } = await setUp();
    const created = [...fixture.ledger.engine.contracts.values()].find(
      (contract) => contract.contractId === preapproval,
    );
    expect(created?.signatories).toEqual(expect.arrayContaining([bob, validator, fixture.dso]));
    expect(created?.observers).toEqual([]);
    const fetchAs = (party: string) =>
      fixture.exercise(
        [party],
        onPreapproval(preapproval, 'TransferPreapproval_Fetch', { p: party }),
      );
    await expect(fetchAs(alice)).rejects.toMatchObject({ code: 'CONTRACT_NOT_FOUND' });
    const tapped = await fixture.tap(alice, '10');
    const send = onPreapproval(preapproval, 'TransferPreapproval_SendV2', {
      context: { externalPartyConfigState: configState(fixture), featuredAppRight: null },
      inputs: [{ tag: 'InputAmulet', value: tapped }],
      amount: '5',
      sender: alice,
      description: null,
    });
    await expect(fixture.exercise([alice], send, [configState(fixture)])).rejects.toMatchObject({
      code: 'CONTRACT_NOT_FOUND',
    });
    const { result } = await fetchAs(bob);
    expect(result).toMatchObject({ receiver: bob, provider: validator });
  });

  it('sends in one step with SendV2, priced from the ExternalPartyConfigState, marking a featured provider', async () => {
    const { fixture, alice, bob, validator, preapproval } = await setUp();
    const { result: right } = await fixture.exercise(
      [validator],
      {
        templateId: amuletTemplateIds.amuletRules,
        contractId: fixture.amuletRules,
        choice: 'AmuletRules_DevNet_FeatureApp',
        choiceArgument: { provider: validator },
      },
      [fixture.amuletRules],
    );
    const featuredAppRight = String((right as { featuredAppRightCid: string }).featuredAppRightCid);
    const tapped = await fixture.tap(alice, '100');
    const state = configState(fixture);
    const { result } = await fixture.exercise(
      [alice],
      onPreapproval(preapproval, 'TransferPreapproval_SendV2', {
        context: { externalPartyConfigState: state, featuredAppRight },
        inputs: [{ tag: 'InputAmulet', value: tapped }],
        amount: '40',
        sender: alice,
        description: 'for the tickets',
      }),
      [preapproval, state, featuredAppRight],
    );
    // Splice 0.6.11's SendV2 (splice-amulet 0.1.20) has no `meta`: a call with one is refused.
    const withMeta = onPreapproval(preapproval, 'TransferPreapproval_SendV2', {
      context: { externalPartyConfigState: state, featuredAppRight },
      inputs: [{ tag: 'InputAmulet', value: tapped }],
      amount: '1',
      sender: alice,
      description: null,
      meta: { values: {} },
    });
    await expect(
      fixture.exercise([alice], withMeta, [preapproval, state, featuredAppRight]),
    ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: /meta: unknown/ });
    expect(amountsOf(fixture.holdings(bob))).toEqual(['40.0000000000']);
    expect(amountsOf(fixture.holdings(alice))).toEqual(['60.0000000000']);
    expect(result).toMatchObject({
      meta: { values: { 'splice.lfdecentralizedtrust.org/reason': 'for the tickets' } },
    });
    const markers = fixture.ledger.active(amuletTemplateIds.featuredAppActivityMarker);
    expect(markers.map(({ payload }) => payload)).toEqual([
      { dso: fixture.dso, provider: validator, beneficiary: validator, weight: '1.0000000000' },
    ]);
  });

  it('cannot be used for a transfer once expired, and then only the DSO archives it', async () => {
    const { fixture, alice, bob, preapproval } = await setUp();
    const expire = () =>
      fixture.exercise([fixture.dso], onPreapproval(preapproval, 'TransferPreapproval_Expire', {}));
    await expect(expire()).rejects.toThrow(/expiresAt/);
    fixture.ledger.clock.advance(90n * dayMicros);
    const tapped = await fixture.tap(alice, '10');
    const state = configState(fixture);
    const send = onPreapproval(preapproval, 'TransferPreapproval_SendV2', {
      context: { externalPartyConfigState: state, featuredAppRight: null },
      inputs: [{ tag: 'InputAmulet', value: tapped }],
      amount: '5',
      sender: alice,
      description: null,
    });
    await expect(fixture.exercise([alice], send, [preapproval, state])).rejects.toThrow(
      /expiresAt/,
    );
    await expect(
      fixture.exercise([bob], onPreapproval(preapproval, 'TransferPreapproval_Expire', {})),
    ).rejects.toMatchObject({ code: 'DAML_AUTHORIZATION_ERROR' });
    await expire();
    expect(fixture.ledger.active(externalReferences.transferPreapproval)).toEqual([]);
  });

  it('is cancelled by its receiver or provider, by nobody else', async () => {
    const { fixture, alice, validator, preapproval } = await setUp();
    const cancel = (party: string) =>
      fixture.exercise(
        [party],
        onPreapproval(preapproval, 'TransferPreapproval_Cancel', { p: party }),
        [preapproval],
      );
    await expect(cancel(alice)).rejects.toThrow(/neither receiver nor provider/);
    await cancel(validator);
    expect(fixture.ledger.active(externalReferences.transferPreapproval)).toEqual([]);
  });

  it('is renewed by its provider, who burns the fee for the days beyond the free 90', async () => {
    const { fixture, bob, validator, preapproval } = await setUp();
    const tapped = await fixture.tap(validator, '100');
    const newExpiresAt = nowTime(fixture, 100n * dayMicros);
    const { result } = await fixture.exercise(
      [validator],
      onPreapproval(preapproval, 'TransferPreapproval_Renew', {
        context: {
          amuletRules: fixture.amuletRules,
          context: {
            openMiningRound: fixture.openRound(),
            issuingMiningRounds: [],
            validatorRights: [],
            featuredAppRight: null,
          },
        },
        inputs: [{ tag: 'InputAmulet', value: tapped }],
        newExpiresAt,
      }),
      [fixture.amuletRules, fixture.openRound()],
    );
    // 10 days × 0.00274 USD / 0.005 USD per amulet.
    expect(result).toMatchObject({
      amuletPaid: '5.4800000000',
      receiver: bob,
      provider: validator,
    });
    expect(amountsOf(fixture.holdings(validator))).toEqual(['94.5200000000']);
    const [renewed] = fixture.ledger.active(externalReferences.transferPreapproval);
    expect(renewed?.payload).toMatchObject({
      expiresAt: newExpiresAt,
      lastRenewedAt: nowTime(fixture),
    });
    const coupons = fixture.ledger.active(amuletTemplateIds.validatorRewardCoupon);
    expect(coupons.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({ user: validator, amount: '5.4800000000' }),
    ]);
  });
});
