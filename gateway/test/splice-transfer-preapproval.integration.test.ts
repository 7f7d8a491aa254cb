import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './ledger-fixtures.ts';
import { createdIn, rootResult } from './splice-amulet-calls.ts';
import {
  activeContracts,
  type CreatedEvent,
  ledgerEnd,
  nodeTime,
  type Payload,
  type SpliceNode,
  spliceIds,
  startSpliceNodeWith,
  templateFilter,
} from './splice-fixtures.ts';
import {
  disclosure,
  registryContext,
  registryContract,
  tapWithDisclosure,
  tokenStandardChoice,
  treeOf,
} from './splice-registry.ts';
import { holdingAmounts, operatorPayloads, preapprove } from './splice-wallet-calls.ts';

// A one-step transfer through the receiver's TransferPreapproval over the Ledger API: created
// by the validator operator from the receiver's proposal (paying for the days beyond the free
// 90), used by a sender through the registry's disclosure, never seen by anybody else.

const dayMillis = 86_400_000;
const externalPartyConfigState =
  '#splice-amulet:Splice.ExternalPartyConfigState:ExternalPartyConfigState';

describe('a TransferPreapproval over the Ledger API', () => {
  let net: SpliceNode;
  let alice: string;
  let carol: string;
  let dave: string;
  let preapproval: CreatedEvent;
  let created: { updateId: string; offset: number };

  beforeAll(async () => {
    ({ net, alice, carol, dave } = await startSpliceNodeWith(['alice', 'carol', 'dave'], {
      readsDso: false,
    }));
  });
  afterAll(() => net.node.close());

  it('is created by the provider from the receiver’s proposal, paying for days beyond 90', async () => {
    const tree = await preapprove(net, { user: 'carol', receiver: carol, days: 100 });
    created = { updateId: tree.updateId, offset: tree.offset };
    // By hand: 100 days, of which 90 are free; 10 days × 0.00274 USD = 0.0274 USD, at 0.005 USD
    // per amulet 5.48 amulet burnt.
    expect(rootResult(tree)).toMatchObject({ amuletPaid: '5.4800000000' });
    expect(await holdingAmounts(net, net.operatorUser, net.operator)).toEqual(['94.5200000000']);
    [preapproval] = createdIn(tree, spliceIds.transferPreapproval) as [CreatedEvent];
    expect(preapproval.createArgument).toMatchObject({
      dso: net.dso,
      receiver: carol,
      provider: net.operator,
    });
    expect([...preapproval.signatories].sort()).toEqual([carol, net.operator, net.dso].sort());
  });

  it('pays the receiver in one step, without fee, and rewards the featured provider', async () => {
    const coin = await tapWithDisclosure(net, { user: 'alice', party: alice, amount: '1000.0' });
    const [featured] = await activeContracts(net, {
      user: net.operatorUser,
      party: net.operator,
      filter: templateFilter(spliceIds.featuredAppRight),
    });
    const factory = await registryContract(net, spliceIds.externalPartyAmuletRules);
    const configState = await registryContract(net, externalPartyConfigState);
    const now = await nodeTime(net);
    const response = await tokenStandardChoice(net, {
      user: 'alice',
      actAs: alice,
      interfaceId: spliceIds.transferFactory,
      contractId: factory.contractId,
      choice: 'TransferFactory_Transfer',
      argument: {
        expectedAdmin: net.dso,
        transfer: {
          sender: alice,
          receiver: carol,
          amount: '250',
          instrumentId: { admin: net.dso, id: 'Amulet' },
          requestedAt: now,
          executeBefore: new Date(Date.parse(now) + dayMillis).toISOString(),
          inputHoldingCids: [coin],
          meta: { values: {} },
        },
      },
      context: await registryContext(net, {
        'transfer-preapproval': {
          templateId: spliceIds.transferPreapproval,
          contractId: preapproval.contractId,
        },
        'featured-app-right': {
          templateId: spliceIds.featuredAppRight,
          contractId: featured?.contractId ?? '',
        },
        // Scan's registry adds the newest ExternalPartyConfigState, which SendV2 prices from.
        'external-party-config-state': {
          templateId: externalPartyConfigState,
          contractId: configState.contractId,
        },
      }),
      disclose: [disclosure(net, factory)],
    });
    const tree = await treeOf(response);
    const result = rootResult<{ output: { tag: string } }>(tree);
    expect(result.output.tag).toBe('TransferInstructionResult_Completed');
    expect(await holdingAmounts(net, 'carol', carol)).toEqual(['250.0000000000']);
    expect(await holdingAmounts(net, 'alice', alice)).toEqual(['750.0000000000']);
    // Splice's factory sends through TransferPreapproval_SendV2, whose featured provider gets
    // a FeaturedAppActivityMarker rather than a coupon of the open round.
    expect(JSON.stringify(tree)).toContain('TransferPreapproval_SendV2');
    expect(await operatorPayloads(net, spliceIds.appRewardCoupon)).toEqual([]);
    expect(await operatorPayloads(net, spliceIds.featuredAppActivityMarker)).toEqual([
      { dso: net.dso, provider: net.operator, beneficiary: net.operator, weight: '1.0000000000' },
    ]);
    // The DSO's automation converts it as the round ticks: featuredAppActivityMarkerAmount
    // 1.0 USD / 0.005 USD per amulet = 200 amulet, in an open round of that time.
    await json(await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 600 } }));
    expect(await operatorPayloads(net, spliceIds.featuredAppActivityMarker)).toEqual([]);
    expect(await operatorPayloads(net, spliceIds.appRewardCoupon)).toEqual([
      {
        dso: net.dso,
        provider: net.operator,
        featured: true,
        amount: '200.0000000000',
        round: { number: expect.any(String) },
        beneficiary: net.operator,
      },
    ]);
  });

  it('is visible to its receiver, its provider and the DSO', async () => {
    for (const [user, party] of [
      ['carol', carol],
      [net.operatorUser, net.operator],
      [net.dsoReader, net.dso],
    ] as const) {
      const seen = await activeContracts(net, {
        user,
        party,
        filter: templateFilter(spliceIds.transferPreapproval),
      });
      expect(seen.map((event) => event.contractId)).toEqual([preapproval.contractId]);
    }
    const events = await json(
      await net.node.call('/v2/events/events-by-contract-id', {
        user: 'carol',
        body: {
          contractId: preapproval.contractId,
          eventFormat: { filtersByParty: { [carol]: { cumulative: [] } } },
        },
      }),
    );
    expect(events).toHaveProperty('created.createdEvent.contractId', preapproval.contractId);
    const updates = await json(
      await net.node.call('/v2/updates', {
        user: 'carol',
        body: {
          beginExclusive: 0,
          endInclusive: await ledgerEnd(net.node),
          updateFormat: {
            includeTransactions: {
              eventFormat: { filtersByParty: { [carol]: { cumulative: [] } } },
              transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
            },
          },
        },
      }),
    );
    expect(JSON.stringify(updates)).toContain(preapproval.contractId);
  });

  it('cannot be found by a third party through any read', async () => {
    const byTemplate = {
      cumulative: [{ identifierFilter: templateFilter(spliceIds.transferPreapproval) }],
    };
    const reads: Array<[string, string, Payload]> = [];
    const read = async (path: string, body: Payload) => {
      const response = await net.node.call(path, { user: 'dave', body });
      reads.push([path, String(response.status), (await response.json()) as Payload]);
      return response.status;
    };
    const end = await ledgerEnd(net.node);
    const formats = [
      { filtersByParty: { [dave]: byTemplate } },
      { filtersByParty: { [dave]: { cumulative: [] } } },
      { filtersForAnyParty: byTemplate },
    ];
    for (const eventFormat of formats) {
      await read('/v2/state/active-contracts', { activeAtOffset: end, eventFormat });
      for (const transactionShape of [
        'TRANSACTION_SHAPE_ACS_DELTA',
        'TRANSACTION_SHAPE_LEDGER_EFFECTS',
      ]) {
        const updateFormat = { includeTransactions: { eventFormat, transactionShape } };
        await read('/v2/updates', { beginExclusive: 0, endInclusive: end, updateFormat });
        await read('/v2/updates/update-by-id', { updateId: created.updateId, updateFormat });
      }
      await read('/v2/events/events-by-contract-id', {
        contractId: preapproval.contractId,
        eventFormat,
      });
    }
    const filter = { filtersByParty: { [dave]: { cumulative: [] } } };
    await read('/v2/updates/flats', { beginExclusive: 0, endInclusive: end, filter });
    await read('/v2/updates/trees', { beginExclusive: 0, endInclusive: end, filter });
    await read('/v2/contracts/contract-by-id', {
      contractId: preapproval.contractId,
      queryingParties: [dave],
    });
    for (const [path, status, body] of reads) {
      console.log(path, status, JSON.stringify(body).slice(0, 300));
    }
    expect(reads.map(([path, status]) => `${path} ${status}`)).toMatchInlineSnapshot(`
      [
        "/v2/state/active-contracts 200",
        "/v2/updates 200",
        "/v2/updates/update-by-id 404",
        "/v2/updates 200",
        "/v2/updates/update-by-id 404",
        "/v2/events/events-by-contract-id 404",
        "/v2/state/active-contracts 200",
        "/v2/updates 200",
        "/v2/updates/update-by-id 404",
        "/v2/updates 200",
        "/v2/updates/update-by-id 404",
        "/v2/events/events-by-contract-id 404",
        "/v2/state/active-contracts 403",
        "/v2/updates 403",
        "/v2/updates/update-by-id 403",
        "/v2/updates 403",
        "/v2/updates/update-by-id 403",
        "/v2/events/events-by-contract-id 403",
        "/v2/updates/flats 200",
        "/v2/updates/trees 200",
        "/v2/contracts/contract-by-id 404",
      ]
    `);
  });
});
