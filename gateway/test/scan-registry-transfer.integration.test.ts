import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercise, json } from './ledger-fixtures.ts';
import { rootResult } from './splice-amulet-calls.ts';
import {
  activeContracts,
  interfaceFilter,
  nodeTime,
  type Payload,
  partyWithUser,
  type SpliceNode,
  spliceIds,
  startSpliceNodeWith,
  submitRaw,
  templateFilter,
} from './splice-fixtures.ts';
import {
  fromRegistry,
  type RegistryChoiceContextBody,
  registryAnswer,
  registryCall,
  tokenStandardChoice,
  treeOf,
} from './splice-registry.ts';
import { holdingAmounts, operatorPayloads, preapprove } from './splice-wallet-calls.ts';

// The round trip a wallet SDK makes for a token-standard transfer, against the node's own
// registry only: tap with the disclosed AmuletRules and open round, ask for the transfer
// factory, submit TransferFactory_Transfer with what came back, and let the receiver accept,
// reject, or the sender withdraw, each with the choice context the registry gives for it.
// No user here reads as the DSO: everything DSO-owned comes by disclosure.

const dayMillis = 86_400_000;

type FactoryBody = {
  factoryId: string;
  transferKind: string;
  choiceContext: RegistryChoiceContextBody;
};
type TransferResult = { output: { tag: string; value: Payload }; senderChangeCids: string[] };

describe('a token-standard transfer with the registry’s factory and choice contexts', () => {
  let net: SpliceNode;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    ({ net, alice, bob } = await startSpliceNodeWith(['alice', 'bob'], { readsDso: false }));
  });
  afterAll(() => net.node.close());

  const transferOf = async (
    sender: string,
    receiver: string,
    options: { amount: string; inputs: string[]; expiresInMillis?: number },
  ) => {
    const now = await nodeTime(net);
    return {
      expectedAdmin: net.dso,
      transfer: {
        sender,
        receiver,
        amount: options.amount,
        instrumentId: { admin: net.dso, id: 'Amulet' },
        requestedAt: now,
        executeBefore: new Date(
          Date.parse(now) + (options.expiresInMillis ?? dayMillis),
        ).toISOString(),
        inputHoldingCids: options.inputs,
        meta: { values: {} },
      },
      extraArgs: { context: { values: {} }, meta: { values: {} } },
    };
  };

  const factoryFor = (choiceArguments: unknown) =>
    registryAnswer<FactoryBody>(net, {
      spec: 'transfer-instruction',
      path: '/transfer-instruction/v1/transfer-factory',
      body: { choiceArguments },
    });

  /** AmuletRules_DevNet_Tap on the AmuletRules and open round the registry disclosed. */
  const tapThroughRegistry = async (user: string, party: string, amount: string) => {
    const factory = await factoryFor(await transferOf(party, party, { amount, inputs: [] }));
    const { values } = factory.choiceContext.choiceContextData;
    const response = await submitRaw(
      net,
      {
        user,
        actAs: [party],
        readAs: [],
        commands: [
          exercise(
            spliceIds.amuletRules,
            String(values['amulet-rules']?.value),
            'AmuletRules_DevNet_Tap',
            {
              receiver: party,
              amount,
              openRound: values['open-round']?.value,
            },
          ),
        ],
      },
      { disclosedContracts: factory.choiceContext.disclosedContracts },
    );
    const result = rootResult<{ amuletSum: { amulet: string } }>(await treeOf(response));
    return result.amuletSum.amulet;
  };

  /** Asks the registry for the factory, then submits TransferFactory_Transfer with its answer. */
  const transfer = async (
    user: string,
    choiceArguments: Awaited<ReturnType<typeof transferOf>>,
  ) => {
    const factory = await factoryFor(choiceArguments);
    const response = await tokenStandardChoice(net, {
      user,
      actAs: choiceArguments.transfer.sender,
      interfaceId: spliceIds.transferFactory,
      contractId: factory.factoryId,
      choice: 'TransferFactory_Transfer',
      argument: {
        expectedAdmin: choiceArguments.expectedAdmin,
        transfer: choiceArguments.transfer,
      },
      context: fromRegistry(factory.choiceContext),
    });
    return {
      kind: factory.transferKind,
      result: rootResult<TransferResult>(await treeOf(response)),
    };
  };

  /** The registry's context for `action` on the instruction, then the choice itself. */
  const act = async (
    request: { user: string; actAs: string; instruction: string },
    action: 'accept' | 'reject' | 'withdraw',
  ) => {
    const path = `/transfer-instruction/v1/${request.instruction}/choice-contexts/${action}`;
    const context = await registryAnswer<RegistryChoiceContextBody>(net, {
      spec: 'transfer-instruction',
      path,
      body: {},
    });
    const response = await tokenStandardChoice(net, {
      user: request.user,
      actAs: request.actAs,
      interfaceId: spliceIds.transferInstruction,
      contractId: request.instruction,
      choice: `TransferInstruction_${action[0]?.toUpperCase()}${action.slice(1)}`,
      argument: {},
      context: fromRegistry(context),
    });
    return { context, response };
  };

  const unlockedOf = async (user: string, party: string) =>
    (await activeContracts(net, { user, party, filter: interfaceFilter(spliceIds.holding) }))
      .filter((event) => event.interfaceViews[0]?.viewValue.lock === null)
      .map((event) => event.contractId);

  const offer = async (amount: string, expiresInMillis?: number) => {
    const inputs = await unlockedOf('alice', alice);
    const options = { amount, inputs, ...(expiresInMillis ? { expiresInMillis } : {}) };
    const { kind, result } = await transfer('alice', await transferOf(alice, bob, options));
    expect(kind).toBe('offer');
    expect(result.output.tag).toBe('TransferInstructionResult_Pending');
    return String(result.output.value.transferInstructionCid);
  };

  it('taps with the disclosed AmuletRules and open round, and transfers to oneself', async () => {
    const coin = await tapThroughRegistry('alice', alice, '600.0');
    const other = await tapThroughRegistry('alice', alice, '400.0');
    const { kind, result } = await transfer(
      'alice',
      await transferOf(alice, alice, { amount: '1000.0', inputs: [coin, other] }),
    );
    expect(kind).toBe('self');
    expect(result.output.tag).toBe('TransferInstructionResult_Completed');
    expect(await holdingAmounts(net, 'alice', alice)).toEqual(['1000.0000000000']);
  });

  it('pays the receiver who accepts with the registry’s accept context', async () => {
    const instruction = await offer('400');
    expect(await holdingAmounts(net, 'alice', alice)).toEqual([
      '600.0000000000',
      'locked 400.0000000000',
    ]);
    const { context, response } = await act({ user: 'bob', actAs: bob, instruction }, 'accept');
    const values = context.choiceContextData.values;
    expect(values['expire-lock']).toEqual({ tag: 'AV_Bool', value: true });
    const locked = context.disclosedContracts.find((each) =>
      each.templateId.endsWith(':Splice.Amulet:LockedAmulet'),
    );
    expect(locked).toBeDefined();
    const result = rootResult<TransferResult>(await treeOf(response));
    expect(result.output.tag).toBe('TransferInstructionResult_Completed');
    expect(await holdingAmounts(net, 'bob', bob)).toEqual(['400.0000000000']);
    expect(await holdingAmounts(net, 'alice', alice)).toEqual(['600.0000000000']);
    // Once accepted, the instruction is gone, and so is its context.
    const gone = await registryCall(
      net,
      `/transfer-instruction/v1/${instruction}/choice-contexts/accept`,
      {},
    );
    expect(gone.status).toBe(404);
  });

  it('returns the locked funds to the sender when the receiver rejects', async () => {
    const instruction = await offer('250');
    expect(await holdingAmounts(net, 'alice', alice)).toEqual([
      '350.0000000000',
      'locked 250.0000000000',
    ]);
    const { response } = await act({ user: 'bob', actAs: bob, instruction }, 'reject');
    const result = rootResult<TransferResult>(await treeOf(response));
    expect(result.output.tag).toBe('TransferInstructionResult_Failed');
    expect(result.senderChangeCids).toHaveLength(1);
    expect(await holdingAmounts(net, 'alice', alice)).toEqual(['250.0000000000', '350.0000000000']);
    expect(await holdingAmounts(net, 'bob', bob)).toEqual(['400.0000000000']);
  });

  it('returns the locked funds to the sender who withdraws', async () => {
    const instruction = await offer('100');
    const { response } = await act({ user: 'alice', actAs: alice, instruction }, 'withdraw');
    const result = rootResult<TransferResult>(await treeOf(response));
    expect(result.output.tag).toBe('TransferInstructionResult_Failed');
    expect(await holdingAmounts(net, 'alice', alice)).toEqual(['100.0000000000', '500.0000000000']);
  });

  it('transfers directly to a receiver with a preapproval, featuring its provider', async () => {
    const carol = await partyWithUser(net, 'carol', { readsDso: false });
    await preapprove(net, { user: 'carol', receiver: carol, days: 30 });
    const inputs = await unlockedOf('alice', alice);
    const choiceArguments = await transferOf(alice, carol, { amount: '75', inputs });
    const factory = await factoryFor(choiceArguments);
    expect(factory.transferKind).toBe('direct');
    const { values } = factory.choiceContext.choiceContextData;
    const [preapproval] = await activeContracts(net, {
      user: 'carol',
      party: carol,
      filter: templateFilter(spliceIds.transferPreapproval),
    });
    const [right] = await activeContracts(net, {
      user: net.operatorUser,
      party: net.operator,
      filter: templateFilter(spliceIds.featuredAppRight),
    });
    expect(values['transfer-preapproval']).toEqual({
      tag: 'AV_ContractId',
      value: preapproval?.contractId,
    });
    expect(values['featured-app-right']).toEqual({
      tag: 'AV_ContractId',
      value: right?.contractId,
    });
    const { kind, result } = await transfer('alice', choiceArguments);
    expect(kind).toBe('direct');
    expect(result.output.tag).toBe('TransferInstructionResult_Completed');
    expect(await holdingAmounts(net, 'carol', carol)).toEqual(['75.0000000000']);
    // Splice's factory sends through TransferPreapproval_SendV2: the featured provider gets an
    // activity marker, which the DSO's automation converts into its AppRewardCoupon.
    expect(await operatorPayloads(net, spliceIds.featuredAppActivityMarker)).toEqual([
      expect.objectContaining({ provider: net.operator, beneficiary: net.operator }),
    ]);
    const marked = expect.objectContaining({
      provider: net.operator,
      beneficiary: net.operator,
      featured: true,
    });
    expect(await operatorPayloads(net, spliceIds.appRewardCoupon)).not.toContainEqual(marked);
    await json(await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 600 } }));
    expect(await operatorPayloads(net, spliceIds.featuredAppActivityMarker)).toEqual([]);
    expect(await operatorPayloads(net, spliceIds.appRewardCoupon)).toContainEqual(marked);
  });

  it('says there is no lock to expire once the sender took back an expired lock', async () => {
    const instruction = await offer('50', 60_000);
    await json(await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 120 } }));
    const [locked] = (
      await activeContracts(net, {
        user: 'alice',
        party: alice,
        filter: interfaceFilter(spliceIds.holding),
      })
    ).filter((event) => event.interfaceViews[0]?.viewValue.lock !== null);
    const expire = await submitRaw(net, {
      user: 'alice',
      actAs: [alice],
      readAs: [],
      commands: [
        exercise(
          spliceIds.lockedAmulet,
          locked?.contractId ?? '',
          'LockedAmulet_OwnerExpireLockV2',
          {},
        ),
      ],
    });
    expect(expire.status).toBe(200);
    const accept = await registryCall(
      net,
      `/transfer-instruction/v1/${instruction}/choice-contexts/accept`,
      {},
    );
    expect(accept.status).toBe(404);
    expect(await accept.json()).toEqual({
      error: expect.stringMatching(/^LockedAmulet '.+' not found for AmuletTransferInstruction/),
    });
    const { context, response } = await act(
      { user: 'alice', actAs: alice, instruction },
      'withdraw',
    );
    expect(context).toEqual({
      choiceContextData: { values: { 'expire-lock': { tag: 'AV_Bool', value: false } } },
      disclosedContracts: [],
    });
    const result = rootResult<TransferResult>(await treeOf(response));
    expect(result).toMatchObject({
      output: { tag: 'TransferInstructionResult_Failed' },
      senderChangeCids: [],
    });
    expect(
      await activeContracts(net, {
        user: 'bob',
        party: bob,
        filter: interfaceFilter(spliceIds.transferInstruction),
      }),
    ).toEqual([]);
  });
});
