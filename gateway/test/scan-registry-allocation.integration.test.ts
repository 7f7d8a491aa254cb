import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, exercise } from './ledger-fixtures.ts';
import { rootResult } from './splice-amulet-calls.ts';
import {
  activeContracts,
  nodeTime,
  type Payload,
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
import { holdingAmounts } from './splice-wallet-calls.ts';

// A DvP leg as a trading app runs it against the node's registry: the sender allocates amulet
// for the settlement through the allocation factory, then the executor settles it (featured,
// since the executor holds a FeaturedAppRight), or the sender withdraws it, or all three
// cancel it, each with the choice context the registry gives for that step.

const dayMillis = 86_400_000;
const allocationFactoryId =
  '#splice-api-token-allocation-instruction-v1:Splice.Api.Token.AllocationInstructionV1:AllocationFactory';
const allocationId = '#splice-api-token-allocation-v1:Splice.Api.Token.AllocationV1:Allocation';

type FactoryBody = { factoryId: string; choiceContext: RegistryChoiceContextBody };

describe('a token-standard allocation with the registry’s factory and choice contexts', () => {
  let net: SpliceNode;
  let alice: string;
  let bob: string;
  let venue: string;
  let trade = 0;

  beforeAll(async () => {
    ({ net, alice, bob } = await startSpliceNodeWith(['alice', 'bob'], { readsDso: false }));
    // The validator operator runs the venue: it holds the devnet's FeaturedAppRight.
    venue = net.operator;
    await createUser(net.node, 'settlement', [venue, alice, bob]);
  });
  afterAll(() => net.node.close());

  /** Taps `amount` for alice with what the allocation factory disclosed, then allocates `leg`. */
  const allocate = async (amount: string, leg: string) => {
    const factory = await registryAnswer<FactoryBody>(net, {
      spec: 'allocation-instruction',
      path: '/allocation-instruction/v1/allocation-factory',
      body: { choiceArguments: { expectedAdmin: net.dso } },
    });
    const { values } = factory.choiceContext.choiceContextData;
    const tapped = rootResult<{ amuletSum: { amulet: string } }>(
      await treeOf(
        await submitRaw(
          net,
          {
            user: 'alice',
            actAs: [alice],
            readAs: [],
            commands: [
              exercise(
                spliceIds.amuletRules,
                String(values['amulet-rules']?.value),
                'AmuletRules_DevNet_Tap',
                { receiver: alice, amount, openRound: values['open-round']?.value },
              ),
            ],
          },
          { disclosedContracts: factory.choiceContext.disclosedContracts },
        ),
      ),
    ).amuletSum.amulet;
    const now = await nodeTime(net);
    const at = (millis: number) => new Date(Date.parse(now) + millis).toISOString();
    trade += 1;
    const response = await tokenStandardChoice(net, {
      user: 'alice',
      actAs: alice,
      interfaceId: allocationFactoryId,
      contractId: factory.factoryId,
      choice: 'AllocationFactory_Allocate',
      argument: {
        expectedAdmin: net.dso,
        allocation: {
          settlement: {
            executor: venue,
            settlementRef: { id: `trade-${trade}`, cid: null },
            requestedAt: now,
            allocateBefore: at(dayMillis),
            settleBefore: at(2 * dayMillis),
            meta: { values: {} },
          },
          transferLegId: leg,
          transferLeg: {
            sender: alice,
            receiver: bob,
            amount,
            instrumentId: { admin: net.dso, id: 'Amulet' },
            meta: { values: {} },
          },
        },
        requestedAt: now,
        inputHoldingCids: [tapped],
      },
      context: fromRegistry(factory.choiceContext),
    });
    const result = rootResult<{ output: { tag: string; value: { allocationCid: string } } }>(
      await treeOf(response),
    );
    expect(result.output.tag).toBe('AllocationInstructionResult_Completed');
    return result.output.value.allocationCid;
  };

  const choices = {
    'execute-transfer': 'Allocation_ExecuteTransfer',
    withdraw: 'Allocation_Withdraw',
    cancel: 'Allocation_Cancel',
  } as const;

  /** Asks the registry for the context of `action`, then exercises it as `actAs`. */
  const step = async (
    allocation: string,
    action: keyof typeof choices,
    request: { user: string; actAs: string[] },
  ) => {
    const path = `/allocations/v1/${allocation}/choice-contexts/${action}`;
    const context = await registryAnswer<RegistryChoiceContextBody>(net, {
      spec: 'allocation',
      path,
      body: {},
    });
    const extraArgs = { context: context.choiceContextData, meta: { values: {} } };
    const response = await submitRaw(
      net,
      {
        ...request,
        readAs: [],
        commands: [exercise(allocationId, allocation, choices[action], { extraArgs })],
      },
      { disclosedContracts: context.disclosedContracts },
    );
    return { path, context, result: rootResult<Payload>(await treeOf(response)) };
  };

  /** Settling and cancelling take the executor, the sender and the receiver together. */
  const together = () => ({ user: 'settlement', actAs: [venue, alice, bob] });

  it('settles a leg with the execute-transfer context, featuring the executor', async () => {
    const allocation = await allocate('300', 'leg-0');
    expect(await holdingAmounts(net, 'alice', alice)).toEqual(['locked 300.0000000000']);
    const [right] = await activeContracts(net, {
      user: net.operatorUser,
      party: venue,
      filter: templateFilter(spliceIds.featuredAppRight),
    });
    const { path, context, result } = await step(allocation, 'execute-transfer', together());
    expect(context.choiceContextData.values).toMatchObject({
      'expire-lock': { tag: 'AV_Bool', value: true },
      'featured-app-right': { tag: 'AV_ContractId', value: right?.contractId },
    });
    expect(result).toMatchObject({ senderHoldingCids: [] });
    expect(await holdingAmounts(net, 'bob', bob)).toEqual(['300.0000000000']);
    expect(await holdingAmounts(net, 'alice', alice)).toEqual([]);
    // splice-amulet 0.1.20 settles at the ExternalPartyConfigState's prices, which have no
    // round to reward in: the featured executor gets an activity marker, which the DSO turns
    // into its AppRewardCoupon.
    const markers = await activeContracts(net, {
      user: net.operatorUser,
      party: venue,
      filter: templateFilter(spliceIds.featuredAppActivityMarker),
    });
    expect(markers.map((event) => event.createArgument)).toContainEqual(
      expect.objectContaining({ provider: venue, beneficiary: venue }),
    );
    // Settled: the allocation is gone, and so is its context.
    const gone = await registryCall(net, path, {});
    expect(gone.status).toBe(404);
  });

  it('gives the funds back to a sender who withdraws with the withdraw context', async () => {
    const allocation = await allocate('120', 'leg-1');
    const { context, result } = await step(allocation, 'withdraw', {
      user: 'alice',
      actAs: [alice],
    });
    expect(context.choiceContextData.values).not.toHaveProperty('featured-app-right');
    expect(context.choiceContextData.values['expire-lock']).toEqual({
      tag: 'AV_Bool',
      value: true,
    });
    expect(result).toMatchObject({ senderHoldingCids: [expect.any(String)] });
    expect(await holdingAmounts(net, 'alice', alice)).toEqual(['120.0000000000']);
  });

  it('gives the funds back when executor, sender and receiver cancel together', async () => {
    const allocation = await allocate('80', 'leg-2');
    const { context, result } = await step(allocation, 'cancel', together());
    expect(context.choiceContextData.values).not.toHaveProperty('featured-app-right');
    expect(result).toMatchObject({ senderHoldingCids: [expect.any(String)] });
    expect(await holdingAmounts(net, 'alice', alice)).toEqual(['120.0000000000', '80.0000000000']);
  });
});
