import { transferFactoryInterfaceId, transferInstructionInterfaceId } from '@pocketnet/splice';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ActorNode,
  hourMicros,
  startActorNode,
  textAt,
} from '../../testing/actor-node.test-helper.ts';
import type { ActorRequest } from './actor-types.ts';

// Token-standard transfers on a devnet node: the factory locks the amount in an
// AmuletTransferInstruction, whose actor follows it to its end.

describe('transfer-instruction actors on a node', () => {
  let net: ActorNode;
  let alice: string;
  let bob: string;
  let requests: ActorRequest[];

  beforeEach(async () => {
    net = await startActorNode();
    alice = await net.party('alice');
    bob = await net.party('bob');
    requests = [];
    net.node.actors.requests$.subscribe((request) => requests.push(request));
  });
  afterEach(async () => {
    await net.node.close();
    expect(net.errors).toEqual([]);
  });

  const expireLock = { 'expire-lock': { tag: 'AV_Bool', value: true } };

  const transfer = async () => {
    const coin = await net.tap(alice, '1000.0');
    const { result } = await net.exercise([alice], {
      templateId: transferFactoryInterfaceId,
      contractId: net.factory(),
      choice: 'TransferFactory_Transfer',
      argument: {
        expectedAdmin: net.dso,
        transfer: {
          sender: alice,
          receiver: bob,
          amount: '400.0',
          instrumentId: { admin: net.dso, id: 'Amulet' },
          requestedAt: net.now(),
          executeBefore: net.now(hourMicros),
          inputHoldingCids: [coin],
          meta: { values: {} },
        },
        extraArgs: net.registryContext(),
      },
    });
    const instruction = textAt(result, 'output', 'value', 'transferInstructionCid');
    return { instruction, actorId: `transfer-instruction:${instruction}` };
  };
  const act = (actAs: string, instruction: string, choice: string, argument: object) =>
    net.exercise([actAs], {
      templateId: transferInstructionInterfaceId,
      contractId: instruction,
      choice,
      argument,
    });

  it('is pending with the locked amount, and completes when the receiver accepts', async () => {
    const { instruction, actorId } = await transfer();
    const pending = net.actor(actorId);
    expect(pending).toMatchObject({ state: 'pending', parties: [alice, bob, net.dso] });
    expect(pending?.context).toMatchObject({ amount: '400.0000000000', sender: alice });
    const { lockedAmuletContractId: locked } = (pending?.context ?? {}) as {
      lockedAmuletContractId: string;
    };
    expect(pending?.contractIds).toEqual([instruction, locked]);
    await act(bob, instruction, 'TransferInstruction_Accept', { extraArgs: net.registryContext() });
    const completed = net.actor(actorId);
    expect(completed?.state).toBe('completed');
    expect(completed?.output).toMatchObject({
      status: 'completed',
      receiverHoldingContractIds: [expect.stringMatching(/^00/)],
      lockedAmountReturnedTo: null,
    });
  });

  it('returns the locked amount to the sender when rejected or withdrawn', async () => {
    const rejected = await transfer();
    await act(bob, rejected.instruction, 'TransferInstruction_Reject', {
      extraArgs: net.registryContext(expireLock),
    });
    expect(net.actor(rejected.actorId)).toMatchObject({
      state: 'rejected',
      output: { status: 'rejected', lockedAmountReturnedTo: alice },
    });
    const withdrawn = await transfer();
    await act(alice, withdrawn.instruction, 'TransferInstruction_Withdraw', {
      extraArgs: net.registryContext(expireLock),
    });
    const actor = net.actor(withdrawn.actorId);
    expect(actor?.output).toMatchObject({ status: 'withdrawn', lockedAmountReturnedTo: alice });
    const { returnedHoldingContractIds } = (actor?.context ?? {}) as {
      returnedHoldingContractIds: string[];
    };
    expect(returnedHoldingContractIds).toHaveLength(1);
  });

  it('expires at executeBefore on the node’s clock and asks for the expiry', async () => {
    const { instruction, actorId } = await transfer();
    await net.advance(hourMicros);
    expect(net.actor(actorId)).toMatchObject({
      state: 'expired',
      output: { status: 'expired', lockedAmountReturnedTo: alice },
    });
    expect(requests).toContainEqual(
      expect.objectContaining({ type: 'instruction.expiryDue', contractId: instruction }),
    );
    // The registry's expiry on the ledger afterwards changes nothing: the actor has ended.
    await act(net.dso, instruction, 'TransferInstruction_Update', {
      extraActors: [],
      extraArgs: net.registryContext(expireLock),
    });
    expect(net.actor(actorId)?.history.map((step) => step.to)).toEqual(['pending', 'expired']);
  });
});
