import { describe, expect, it } from 'vitest';
import type { ExternalFixture } from '../../testing/external.test-helper.ts';
import { startExternalFixture } from '../../testing/external.test-helper.ts';
import { tickMicros } from '../../testing/splice-ledger.test-helper.ts';
import {
  amountsOf,
  dayMicros,
  factoryTransfer,
  instructionResult,
  nowTime,
  transferSpecification,
} from '../../testing/token-transfer.test-helper.ts';
import { amuletTemplateIds } from '../amulet/amulet-references.ts';
import { holdingInterfaceId } from '../token-standard/holding-v1.ts';
import { transferFactoryInterfaceId } from '../token-standard/transfer-instruction-types.ts';
import { externalReferences } from './amulet-references.ts';

async function preapprovalFor(fixture: ExternalFixture, receiver: string, provider: string) {
  return fixture.ledger.create(
    [receiver, provider, fixture.dso],
    externalReferences.transferPreapproval,
    {
      dso: fixture.dso,
      receiver,
      provider,
      validFrom: nowTime(fixture),
      lastRenewedAt: nowTime(fixture),
      expiresAt: nowTime(fixture, 90n * dayMicros),
    },
  );
}

async function featureApp(fixture: ExternalFixture, provider: string): Promise<string> {
  const { result } = await fixture.exercise(
    [provider],
    {
      templateId: amuletTemplateIds.amuletRules,
      contractId: fixture.amuletRules,
      choice: 'AmuletRules_DevNet_FeatureApp',
      choiceArgument: { provider },
    },
    [fixture.amuletRules],
  );
  return String((result as { featuredAppRightCid: string }).featuredAppRightCid);
}

describe('ExternalPartyAmuletRules as TransferFactory', () => {
  it('reads tapped amulet through the Holding interface with ten decimal places', async () => {
    const fixture = await startExternalFixture();
    const alice = await fixture.ledger.party('alice');
    const tapped = await fixture.tap(alice, '1000');
    const contract = [...fixture.ledger.engine.contracts.values()].find(
      (c) => c.contractId === tapped,
    );
    if (contract === undefined) throw new Error('no amulet');
    const view = fixture.ledger.engine.packages.interfaceView(contract, holdingInterfaceId);
    expect(view.viewValue).toMatchObject({
      owner: alice,
      instrumentId: { admin: fixture.dso, id: 'Amulet' },
      amount: '1000.0000000000',
      lock: null,
    });
  });

  it('executes a self transfer at once, returning the rest as change', async () => {
    const fixture = await startExternalFixture();
    const alice = await fixture.ledger.party('alice');
    const inputs = [await fixture.tap(alice, '100'), await fixture.tap(alice, '50')];
    const { result } = await factoryTransfer(fixture, {
      sender: alice,
      receiver: alice,
      amount: '120',
      inputHoldingCids: inputs,
    });
    const { output, senderChangeCids } = instructionResult(result);
    expect(output.tag).toBe('TransferInstructionResult_Completed');
    expect(output.value.receiverHoldingCids).toHaveLength(1);
    expect(senderChangeCids).toHaveLength(1);
    expect(amountsOf(fixture.holdings(alice))).toEqual(['120.0000000000', '30.0000000000']);
  });

  it('pays through the receiver preapproval in one step, without fee, rewarding a featured provider', async () => {
    const fixture = await startExternalFixture();
    const alice = await fixture.ledger.party('alice');
    const bob = await fixture.ledger.party('bob');
    const validator = await fixture.ledger.party('validator');
    const preapproval = await preapprovalFor(fixture, bob, validator);
    const featured = await featureApp(fixture, validator);
    const tapped = await fixture.tap(alice, '1000');
    const { result, record } = await factoryTransfer(
      fixture,
      { sender: alice, receiver: bob, amount: '250', inputHoldingCids: [tapped] },
      { context: { 'transfer-preapproval': preapproval, 'featured-app-right': featured } },
    );
    expect(instructionResult(result).output.tag).toBe('TransferInstructionResult_Completed');
    expect(amountsOf(fixture.holdings(bob))).toEqual(['250.0000000000']);
    expect(amountsOf(fixture.holdings(alice))).toEqual(['750.0000000000']);
    // As Splice's factory does: TransferPreapproval_SendV2, priced from the config state (which
    // lasts a day, not a round), featuring the provider with an activity marker, not a coupon.
    const sends = record.nodes.flatMap((node) =>
      node.kind === 'exercised' && node.choice.startsWith('TransferPreapproval_Send')
        ? [node.choice]
        : [],
    );
    expect(sends).toEqual(['TransferPreapproval_SendV2']);
    expect(fixture.ledger.active(amuletTemplateIds.appRewardCoupon)).toEqual([]);
    const markers = fixture.ledger.active(amuletTemplateIds.featuredAppActivityMarker);
    expect(markers.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({
        provider: validator,
        beneficiary: validator,
        weight: '1.0000000000',
      }),
    ]);
    // The DSO's automation converts markers into coupons against an open round.
    fixture.ledger.clock.advance(tickMicros);
    await fixture.exercise([fixture.dso], {
      templateId: amuletTemplateIds.amuletRules,
      contractId: fixture.amuletRules,
      choice: 'AmuletRules_ConvertFeaturedAppActivityMarkers',
      choiceArgument: {
        markerCids: markers.map(({ contractId }) => contractId),
        openMiningRoundCid: fixture.openRound(),
        observers: null,
      },
    });
    expect(fixture.ledger.active(amuletTemplateIds.featuredAppActivityMarker)).toEqual([]);
    // featuredAppActivityMarkerAmount 1.0 USD at 0.005 USD per amulet.
    const coupons = fixture.ledger.active(amuletTemplateIds.appRewardCoupon);
    expect(coupons.map(({ payload }) => payload)).toEqual([
      expect.objectContaining({
        provider: validator,
        featured: true,
        amount: '200.0000000000',
        beneficiary: validator,
      }),
    ]);
  });

  it('keeps a signed direct transfer valid for rounds to come: it reads the config state, not a round', async () => {
    const fixture = await startExternalFixture();
    const alice = await fixture.ledger.party('alice');
    const bob = await fixture.ledger.party('bob');
    const validator = await fixture.ledger.party('validator');
    const preapproval = await preapprovalFor(fixture, bob, validator);
    const tapped = await fixture.tap(alice, '100');
    // What the registry gave alice to sign with, its open round since gone (here: unknown).
    const signed = fixture.context({ 'transfer-preapproval': preapproval });
    const { result } = await fixture.exercise(
      [alice],
      {
        templateId: transferFactoryInterfaceId,
        contractId: fixture.factory,
        choice: 'TransferFactory_Transfer',
        choiceArgument: {
          expectedAdmin: fixture.dso,
          transfer: transferSpecification(fixture, {
            sender: alice,
            receiver: bob,
            amount: '10',
            inputHoldingCids: [tapped],
          }),
          extraArgs: {
            context: {
              values: {
                ...signed.choiceContext.values,
                'open-round': { tag: 'AV_ContractId', value: `00${'ab'.repeat(32)}` },
              },
            },
            meta: { values: {} },
          },
        },
      },
      [fixture.factory, ...signed.disclosed],
    );
    expect(instructionResult(result).output.tag).toBe('TransferInstructionResult_Completed');
    expect(amountsOf(fixture.holdings(bob))).toEqual(['10.0000000000']);
  });

  it('rejects a preapproval that is not the receiver one', async () => {
    const fixture = await startExternalFixture();
    const alice = await fixture.ledger.party('alice');
    const bob = await fixture.ledger.party('bob');
    const carol = await fixture.ledger.party('carol');
    const validator = await fixture.ledger.party('validator');
    const carolsPreapproval = await preapprovalFor(fixture, carol, validator);
    const tapped = await fixture.tap(alice, '10');
    await expect(
      factoryTransfer(
        fixture,
        { sender: alice, receiver: bob, amount: '5', inputHoldingCids: [tapped] },
        { context: { 'transfer-preapproval': carolsPreapproval } },
      ),
    ).rejects.toThrow(/not the receiver's preapproval/);
  });

  it.each([
    ['a wrong admin', { expectedAdmin: 'other::1220' }, {}, /Expected admin/],
    [
      'a wrong instrument',
      {},
      { instrumentId: { admin: 'dso', id: 'NotAmulet' } },
      /Expected instrumentId/,
    ],
    ['a zero amount', {}, { amount: '0' }, /Amount must be positive/],
    ['a negative amount', {}, { amount: '-1' }, /Amount must be positive/],
    ['an expired executeBefore', {}, { executeBefore: '2020-01-01T00:00:00Z' }, /executeBefore/],
    ['too little funds', {}, { amount: '1000.5' }, /insufficient-funds/],
    ['no inputs', {}, { inputHoldingCids: [] }, /At least one input holding/],
  ] as const)('refuses a transfer with %s', async (_name, options, transfer, message) => {
    const fixture = await startExternalFixture();
    const alice = await fixture.ledger.party('alice');
    const bob = await fixture.ledger.party('bob');
    const tapped = await fixture.tap(alice, '1000');
    const instrumentId =
      'instrumentId' in transfer ? { admin: fixture.dso, id: transfer.instrumentId.id } : undefined;
    const attempt = factoryTransfer(
      fixture,
      {
        sender: alice,
        receiver: bob,
        amount: '10',
        inputHoldingCids: [tapped],
        ...transfer,
        ...(instrumentId === undefined ? {} : { instrumentId }),
      },
      options,
    );
    await expect(attempt).rejects.toThrow(message);
    expect(amountsOf(fixture.holdings(alice))).toEqual(['1000.0000000000']);
  });

  it('serves its view to anyone given the contract through PublicFetch', async () => {
    const fixture = await startExternalFixture();
    const carol = await fixture.ledger.party('carol');
    const { result } = await fixture.exercise(
      [carol],
      {
        templateId: transferFactoryInterfaceId,
        contractId: fixture.factory,
        choice: 'TransferFactory_PublicFetch',
        choiceArgument: { expectedAdmin: fixture.dso, actor: carol },
      },
      [fixture.factory],
    );
    expect(result).toEqual({ admin: fixture.dso, meta: { values: {} } });
  });
});
