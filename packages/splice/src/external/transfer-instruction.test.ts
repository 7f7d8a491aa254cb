import { describe, expect, it } from 'vitest';
import type { ExternalFixture } from '../../testing/external.test-helper.ts';
import { startExternalFixture } from '../../testing/external.test-helper.ts';
import {
  amountsOf,
  dayMicros,
  factoryTransfer,
  instructionChoice,
  instructionResult,
  nowTime,
} from '../../testing/token-transfer.test-helper.ts';
import { holdingInterfaceId } from '../token-standard/holding-v1.ts';

async function offer(fixture: ExternalFixture) {
  const alice = await fixture.ledger.party('alice');
  const bob = await fixture.ledger.party('bob');
  const tapped = await fixture.tap(alice, '1000');
  const { result } = await factoryTransfer(fixture, {
    sender: alice,
    receiver: bob,
    amount: '400',
    inputHoldingCids: [tapped],
  });
  const { output, senderChangeCids } = instructionResult(result);
  expect(output.tag).toBe('TransferInstructionResult_Pending');
  const instruction = String(output.value.transferInstructionCid);
  const locked = [...fixture.holdings(alice)].find(([, view]) => view.locked)?.[0] ?? '';
  return { alice, bob, instruction, locked, senderChangeCids };
}

describe('AmuletTransferInstruction', () => {
  it('shows the locked amount as a Holding locked by the DSO until executeBefore', async () => {
    const fixture = await startExternalFixture();
    const { alice, bob, locked } = await offer(fixture);
    const contract = [...fixture.ledger.engine.contracts.values()].find(
      (c) => c.contractId === locked,
    );
    if (contract === undefined) throw new Error('no locked amulet');
    const view = fixture.ledger.engine.packages.interfaceView(contract, holdingInterfaceId);
    expect(view.viewValue).toMatchObject({
      owner: alice,
      instrumentId: { admin: fixture.dso, id: 'Amulet' },
      amount: '400.0000000000',
      lock: {
        holders: [fixture.dso],
        expiresAt: nowTime(fixture, dayMicros),
        expiresAfter: null,
        context: `transfer to '${bob}'`,
      },
    });
  });

  it('locks the offered amount until the receiver accepts, then pays it to the receiver', async () => {
    const fixture = await startExternalFixture();
    const { alice, bob, instruction, locked, senderChangeCids } = await offer(fixture);
    expect(senderChangeCids).toHaveLength(1);
    expect(amountsOf(fixture.holdings(alice))).toEqual(['600.0000000000', 'locked 400.0000000000']);

    const context = fixture.context();
    const { result } = await instructionChoice(fixture, {
      actAs: bob,
      instruction,
      choice: 'TransferInstruction_Accept',
      context: { ...context, disclosed: [...context.disclosed, locked] },
    });
    const { output } = instructionResult(result);
    expect(output.tag).toBe('TransferInstructionResult_Completed');
    expect(amountsOf(fixture.holdings(bob))).toEqual(['400.0000000000']);
    expect(amountsOf(fixture.holdings(alice))).toEqual(['600.0000000000']);
    expect(
      fixture.ledger.active(
        '#splice-amulet:Splice.AmuletTransferInstruction:AmuletTransferInstruction',
      ),
    ).toEqual([]);
  });

  it('returns the locked funds to the sender who withdraws', async () => {
    const fixture = await startExternalFixture();
    const { alice, bob, instruction } = await offer(fixture);
    const { result } = await instructionChoice(fixture, {
      actAs: alice,
      instruction,
      choice: 'TransferInstruction_Withdraw',
      context: fixture.context({ 'expire-lock': true }),
    });
    const { output, senderChangeCids } = instructionResult(result);
    expect(output.tag).toBe('TransferInstructionResult_Failed');
    expect(senderChangeCids).toHaveLength(1);
    expect(amountsOf(fixture.holdings(alice))).toEqual(['400.0000000000', '600.0000000000']);
    expect(fixture.holdings(bob).size).toBe(0);
  });

  it('returns the locked funds to the sender when the receiver rejects', async () => {
    const fixture = await startExternalFixture();
    const { alice, bob, instruction, locked } = await offer(fixture);
    const context = fixture.context({ 'expire-lock': true });
    const { result } = await instructionChoice(fixture, {
      actAs: bob,
      instruction,
      choice: 'TransferInstruction_Reject',
      context: { ...context, disclosed: [...context.disclosed, locked] },
    });
    expect(instructionResult(result).output.tag).toBe('TransferInstructionResult_Failed');
    expect(amountsOf(fixture.holdings(alice))).toEqual(['400.0000000000', '600.0000000000']);
  });

  it('lets the DSO expire an instruction only after executeBefore', async () => {
    const fixture = await startExternalFixture();
    const { alice, bob, instruction, locked } = await offer(fixture);
    const expire = () =>
      instructionChoice(fixture, {
        actAs: fixture.dso,
        instruction,
        choice: 'TransferInstruction_Update',
        context: fixture.context({ 'expire-lock': true }),
        extra: { extraActors: [] },
      });
    await expect(expire()).rejects.toThrow(/executeBefore/);

    fixture.ledger.clock.advance(dayMicros + 1n);
    const context = fixture.context();
    await expect(
      instructionChoice(fixture, {
        actAs: bob,
        instruction,
        choice: 'TransferInstruction_Accept',
        context: { ...context, disclosed: [...context.disclosed, locked] },
      }),
    ).rejects.toThrow(/executeBefore/);
    const { result } = await expire();
    expect(instructionResult(result).output.tag).toBe('TransferInstructionResult_Failed');
    expect(amountsOf(fixture.holdings(alice))).toEqual(['400.0000000000', '600.0000000000']);
  });

  it('lets the sender spend a locked holding as input once its lock has expired', async () => {
    const fixture = await startExternalFixture();
    const { alice, locked } = await offer(fixture);
    const spend = () =>
      factoryTransfer(fixture, {
        sender: alice,
        receiver: alice,
        amount: '400',
        inputHoldingCids: [locked],
      });
    await expect(spend()).rejects.toThrow(/Lock.expiresAt/);
    fixture.ledger.clock.advance(dayMicros);
    const { result } = await spend();
    expect(instructionResult(result).output.tag).toBe('TransferInstructionResult_Completed');
    expect(amountsOf(fixture.holdings(alice))).toEqual(['400.0000000000', '600.0000000000']);
  });
});
