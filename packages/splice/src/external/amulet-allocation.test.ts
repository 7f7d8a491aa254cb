import { describe, expect, it } from 'vitest';
import type { ExternalFixture } from '../../testing/external.test-helper.ts';
import { startExternalFixture } from '../../testing/external.test-helper.ts';
import { amountsOf, dayMicros, nowTime } from '../../testing/token-transfer.test-helper.ts';
import { allocationFactoryInterface } from '../token-standard/allocation-instruction-v1.ts';
import { allocationInterfaceId } from '../token-standard/allocation-v1.ts';
import { externalReferences } from './amulet-references.ts';

const allocationFactoryId =
  '#splice-api-token-allocation-instruction-v1:Splice.Api.Token.AllocationInstructionV1:AllocationFactory';

async function allocate(fixture: ExternalFixture, amount = '300') {
  const alice = await fixture.ledger.party('alice');
  const bob = await fixture.ledger.party('bob');
  const venue = await fixture.ledger.party('venue');
  const tapped = await fixture.tap(alice, '1000');
  const { choiceContext, disclosed } = fixture.context();
  const allocation = {
    settlement: {
      executor: venue,
      settlementRef: { id: 'trade-1', cid: null },
      requestedAt: nowTime(fixture),
      allocateBefore: nowTime(fixture, dayMicros),
      settleBefore: nowTime(fixture, 2n * dayMicros),
      meta: { values: {} },
    },
    transferLegId: 'leg-0',
    transferLeg: {
      sender: alice,
      receiver: bob,
      amount,
      instrumentId: { admin: fixture.dso, id: 'Amulet' },
      meta: { values: {} },
    },
  };
  const { result } = await fixture.exercise(
    [alice],
    {
      templateId: allocationFactoryId,
      contractId: fixture.factory,
      choice: 'AllocationFactory_Allocate',
      choiceArgument: {
        expectedAdmin: fixture.dso,
        allocation,
        requestedAt: nowTime(fixture),
        inputHoldingCids: [tapped],
        extraArgs: { context: choiceContext, meta: { values: {} } },
      },
    },
    [fixture.factory, ...disclosed],
  );
  const output = (result as { output: { tag: string; value: { allocationCid: string } } }).output;
  expect(output.tag).toBe('AllocationInstructionResult_Completed');
  const [locked] = [...fixture.holdings(alice)]
    .filter(([, view]) => view.locked)
    .map(([cid]) => cid);
  return { alice, bob, venue, allocationCid: output.value.allocationCid, locked: locked ?? '' };
}

describe('AmuletAllocation', () => {
  it('locks the leg for the settlement, which the executor then settles to the receiver', async () => {
    const fixture = await startExternalFixture();
    const { alice, bob, venue, allocationCid, locked } = await allocate(fixture);
    expect(allocationFactoryInterface.id.entity).toBe('AllocationFactory');
    expect(amountsOf(fixture.holdings(alice))).toEqual(['700.0000000000', 'locked 300.0000000000']);
    const contract = [...fixture.ledger.engine.contracts.values()].find(
      (c) => c.contractId === allocationCid,
    );
    if (contract === undefined) throw new Error('no allocation');
    const view = fixture.ledger.engine.packages.interfaceView(
      contract,
      allocationInterfaceId,
    ).viewValue;
    expect(view).toMatchObject({ holdingCids: [locked], allocation: { transferLegId: 'leg-0' } });

    const { choiceContext, disclosed } = fixture.context();
    const { result } = await fixture.exercise(
      [venue, alice, bob],
      {
        templateId: allocationInterfaceId,
        contractId: allocationCid,
        choice: 'Allocation_ExecuteTransfer',
        choiceArgument: { extraArgs: { context: choiceContext, meta: { values: {} } } },
      },
      disclosed,
    );
    expect(result).toMatchObject({ senderHoldingCids: [], meta: { values: {} } });
    expect(amountsOf(fixture.holdings(bob))).toEqual(['300.0000000000']);
    expect(fixture.ledger.active(externalReferences.amuletAllocation)).toEqual([]);
  });

  it('gives the funds back to a sender who withdraws', async () => {
    const fixture = await startExternalFixture();
    const { alice, allocationCid } = await allocate(fixture);
    const { choiceContext, disclosed } = fixture.context({ 'expire-lock': true });
    await fixture.exercise(
      [alice],
      {
        templateId: allocationInterfaceId,
        contractId: allocationCid,
        choice: 'Allocation_Withdraw',
        choiceArgument: { extraArgs: { context: choiceContext, meta: { values: {} } } },
      },
      disclosed,
    );
    expect(amountsOf(fixture.holdings(alice))).toEqual(['300.0000000000', '700.0000000000']);
  });

  it('refuses to allocate more than the inputs hold', async () => {
    const fixture = await startExternalFixture();
    await expect(allocate(fixture, '1000.0000000001')).rejects.toThrow(/insufficient-funds/);
  });
});
