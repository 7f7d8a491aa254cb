import { readDar } from '@pocketnet/daml-lf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDar, upload } from './dar-fixtures.ts';
import {
  allocateParty,
  commands,
  createdIds,
  createUser,
  exercise,
  json,
  submitTree,
} from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// Issue 20's interop proof: a user's DAR (Splice's test token) uploaded to a running node, its
// DummyHolding created through the Ledger API and found through an InterfaceFilter on the real
// token-standard Holding interface, with the view the LF engine computes.

const holdingInterface =
  '718a0f77e505a8de22f188bd4c87fe74101274e9d4cb1bfac7d09aec7158d35b:Splice.Api.Token.HoldingV1:Holding';
const allocationRequestInterface =
  '6fe848530b2404017c4a12874c956ad7d5c8a419ee9b040f96b5c13172d2e193:Splice.Api.Token.AllocationRequestV1:AllocationRequest';

type Body = Record<string, unknown>;

function holdingsOf(
  node: TestNode,
  user: string,
  party: string,
  offset: number,
  interfaceId = holdingInterface,
) {
  const filter = {
    identifierFilter: {
      InterfaceFilter: {
        value: {
          interfaceId,
          includeInterfaceView: true,
          includeCreatedEventBlob: false,
        },
      },
    },
  };
  return node.call('/v2/state/active-contracts', {
    user,
    body: {
      activeAtOffset: offset,
      eventFormat: { filtersByParty: { [party]: { cumulative: [filter] } } },
    },
  });
}

describe('a user DAR on the token standard', () => {
  let node: TestNode;
  let main: string;
  let alice: string;
  let bank: string;

  beforeAll(async () => {
    node = await startTestNode({ pages: false });
    const dar = await sharedDar('splice-token-test-dummy-holding-0.0.3.dar');
    main = readDar(dar).mainPackageId;
    expect(await upload(node, '/v2/dars?vetAllPackages=true', dar)).toEqual({
      status: 200,
      body: {},
    });
    alice = await allocateParty(node, 'alice');
    bank = await allocateParty(node, 'bank');
    await createUser(node, 'holder', [alice, bank]);
  });
  afterAll(() => node.close());

  it('creates a DummyHolding that an InterfaceFilter on Holding returns with its view', async () => {
    const create = {
      CreateCommand: {
        templateId: `${main}:Splice.Api.Token.Test.DummyHolding:DummyHolding`,
        createArguments: { owner: alice, issuer: bank, amount: '12.5' },
      },
    };
    const created = await submitTree(node, 'holder', commands([alice, bank], [create]));
    const [holdingId] = createdIds(created.transactionTree);
    const response = await holdingsOf(node, 'holder', alice, created.transactionTree.offset);
    const acs = await json<Body[]>(response);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/state/active-contracts',
      status: 200,
      body: acs,
    });
    expect(acs).toHaveLength(1);
    const event = (acs[0] as { contractEntry: { JsActiveContract: { createdEvent: Body } } })
      .contractEntry.JsActiveContract.createdEvent;
    expect(event.contractId).toBe(holdingId);
    expect(event.interfaceViews).toEqual([
      expect.objectContaining({
        interfaceId: holdingInterface,
        viewValue: expect.objectContaining({ owner: alice, amount: '12.5000000000' }),
        implementationPackageId: main,
      }),
    ]);
  });

  it('refuses a create of an LF template with a wrong argument, naming the field', async () => {
    // LF choice bodies' values are not checked again by the ledger; commands' arguments are.
    const create = {
      CreateCommand: {
        templateId: `${main}:Splice.Api.Token.Test.DummyHolding:DummyHolding`,
        createArguments: { owner: alice, issuer: bank, amount: 'lots' },
      },
    };
    const response = await node.call('/v2/commands/submit-and-wait', {
      user: 'holder',
      body: commands([alice, bank], [create]),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; cause: string };
    expect(body.code).toBe('INVALID_ARGUMENT');
    expect(body.cause).toContain('amount');
  });

  it("matches an InterfaceFilter by package id to that interface only, not the node's own Holding of the same name", async () => {
    // An Amulet of the node's own splice-amulet implements its own (TypeScript) Holding, whose
    // package shares the name splice-api-token-holding-v1 with the real one.
    const amulet = {
      CreateCommand: {
        templateId: '#splice-amulet:Splice.Amulet:Amulet',
        createArguments: {
          dso: bank,
          owner: alice,
          amount: {
            initialAmount: '3.0',
            createdAt: { number: '1' },
            ratePerRound: { rate: '0.0' },
          },
        },
      },
    };
    const created = await submitTree(node, 'holder', commands([alice, bank], [amulet]));
    const [amuletId] = createdIds(created.transactionTree);
    const offset = created.transactionTree.offset;
    const idsOf = async (interfaceId: string) =>
      (
        await json<Array<{ contractEntry: { JsActiveContract: { createdEvent: Body } } }>>(
          await holdingsOf(node, 'holder', alice, offset, interfaceId),
        )
      ).map((entry) => entry.contractEntry.JsActiveContract.createdEvent.contractId);
    const byId = await idsOf(holdingInterface);
    expect(byId).toHaveLength(1);
    expect(byId).not.toContain(amuletId);
    // By package name the filter means every Holding of that name: both.
    const byName = await idsOf('#splice-api-token-holding-v1:Splice.Api.Token.HoldingV1:Holding');
    expect(byName).toHaveLength(2);
    expect(byName).toContain(amuletId);
  });

  it.each([
    ['package id', allocationRequestInterface],
    // By name, among the Daml-LF packages of that name: the node's own (TypeScript) token
    // standard shares the name, and the contract's template implements the real one only.
    [
      'package name',
      '#splice-api-token-allocation-request-v1:Splice.Api.Token.AllocationRequestV1:AllocationRequest',
    ],
  ])(
    'exercises an interface choice on DummyTwoInterfaces, the interface by %s',
    async (_by, interfaceRef) => {
      const create = {
        CreateCommand: {
          templateId: `${main}:Splice.Api.Token.Test.DummyTwoInterfaces:DummyTwoInterfaces`,
          createArguments: {
            owner: alice,
            issuer: bank,
            amount: '1.0',
            date: '2026-01-01T00:00:00Z',
          },
        },
      };
      const created = await submitTree(node, 'holder', commands([alice, bank], [create]));
      const [contractId = ''] = createdIds(created.transactionTree);
      const withdraw = exercise(interfaceRef, contractId, 'AllocationRequest_Withdraw', {
        extraArgs: { context: { values: {} }, meta: { values: {} } },
      });
      const exercised = await submitTree(node, 'holder', commands([alice, bank], [withdraw]));
      const events = Object.values(exercised.transactionTree.eventsById);
      expect(events).toEqual([
        {
          ExercisedTreeEvent: {
            value: expect.objectContaining({
              contractId,
              choice: 'AllocationRequest_Withdraw',
              interfaceId: allocationRequestInterface,
              consuming: true,
              exerciseResult: { meta: { values: {} } },
            }),
          },
        },
      ]);
    },
  );
});
