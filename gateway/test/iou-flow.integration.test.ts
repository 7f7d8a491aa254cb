import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allocateParty,
  assetInterface,
  commands,
  createdIds,
  createIou,
  createUser,
  exercise,
  iouTemplate,
  iouTransferTemplate,
  json,
  submitTree,
  wildcardFor,
} from './ledger-fixtures.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import { startTestNode, type TestNode } from './test-node.ts';

type Body = Record<string, unknown>;

describe('an Iou changes hands through the JSON Ledger API', () => {
  let node: TestNode;
  let bank: string;
  let alice: string;
  let bob: string;
  let iouId: string;

  beforeAll(async () => {
    node = await startTestNode();
    bank = await allocateParty(node, 'bank');
    alice = await allocateParty(node, 'alice');
    bob = await allocateParty(node, 'bob');
    await createUser(node, 'desk', [bank, alice]);
    await createUser(node, 'alice-user', [alice]);
    await createUser(node, 'bob-user', [bob]);
  });
  afterAll(() => node.close());

  it('allocates parties in Canton form and serves them back', async () => {
    expect(alice).toMatch(/^alice::1220[0-9a-f]{64}$/);
    const body = await json(await node.call(`/v2/parties/${encodeURIComponent(alice)}`));
    expectMatchesSpec({
      spec: 'ledger',
      method: 'get',
      path: '/v2/parties/{party}',
      status: 200,
      body,
    });
    expect(body).toMatchObject({ partyDetails: [{ party: alice, isLocal: true }] });
  });

  it('creates an Iou that both signatories authorize, as a spec-shaped transaction tree', async () => {
    const response = await node.call('/v2/commands/submit-and-wait-for-transaction-tree', {
      user: 'desk',
      body: commands([bank, alice], [createIou(bank, alice, '100')]),
    });
    const body = await json<Body>(response);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/commands/submit-and-wait-for-transaction-tree',
      status: 200,
      body,
    });
    const tree = body.transactionTree as Parameters<typeof createdIds>[0] & { offset: number };
    [iouId] = createdIds(tree) as [string];
    expect(iouId).toMatch(/^00[0-9a-f]{64}ca121220[0-9a-f]{64}$/);
    const created = Object.values(tree.eventsById)[0]?.CreatedTreeEvent?.value;
    expect(created?.createArgument).toEqual({
      issuer: bank,
      owner: alice,
      currency: 'USD',
      amount: '100.0000000000',
      observers: [],
    });
    expect(created?.templateId).toMatch(/^[0-9a-f]{64}:Iou:Iou$/);
  });

  it('lets only the owner propose a transfer, and the new owner accept it', async () => {
    const forged = await node.call('/v2/commands/submit-and-wait-for-transaction-tree', {
      user: 'bob-user',
      body: commands([bob], [exercise(iouTemplate, iouId, 'Iou_Transfer', { newOwner: bob })]),
    });
    expect(forged.status).toBe(404); // bob is no stakeholder: the contract does not exist for him
    const proposal = await submitTree(
      node,
      'alice-user',
      commands([alice], [exercise(iouTemplate, iouId, 'Iou_Transfer', { newOwner: bob })]),
    );
    const [transferId] = createdIds(proposal.transactionTree) as [string];
    const accepted = await submitTree(
      node,
      'bob-user',
      commands([bob], [exercise(iouTransferTemplate, transferId, 'IouTransfer_Accept', {})]),
    );
    const [newIou] = createdIds(accepted.transactionTree) as [string];

    const acs = await json<Body[]>(
      await node.call('/v2/state/active-contracts', {
        user: 'bob-user',
        body: {
          activeAtOffset: accepted.transactionTree.offset,
          eventFormat: {
            filtersByParty: {
              [bob]: {
                cumulative: [
                  {
                    identifierFilter: {
                      InterfaceFilter: {
                        value: {
                          interfaceId: assetInterface,
                          includeInterfaceView: true,
                          includeCreatedEventBlob: true,
                        },
                      },
                    },
                  },
                ],
              },
            },
          },
        },
      }),
    );
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/state/active-contracts',
      status: 200,
      body: acs,
    });
    expect(acs).toHaveLength(1);
    const entry = acs[0] as { contractEntry: { JsActiveContract: { createdEvent: Body } } };
    const event = entry.contractEntry.JsActiveContract.createdEvent;
    expect(event.contractId).toBe(newIou);
    expect(event.witnessParties).toEqual([bob]);
    expect(event.createdEventBlob).not.toBe('');
    expect(event.interfaceViews).toEqual([
      expect.objectContaining({
        viewValue: { owner: bob, amount: '100.0000000000', currency: 'USD' },
      }),
    ]);
  });

  it('refuses to exercise an archived contract and changes nothing', async () => {
    const before = await json<{ offset: number }>(await node.call('/v2/state/ledger-end'));
    const response = await node.call('/v2/commands/submit-and-wait', {
      user: 'alice-user',
      body: commands([alice], [exercise(iouTemplate, iouId, 'Iou_Transfer', { newOwner: bob })]),
    });
    expect(response.status).toBe(404);
    const body = await response.json();
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/commands/submit-and-wait',
      status: 404,
      body,
    });
    expect(body).toMatchObject({ code: 'CONTRACT_NOT_FOUND', errorCategory: 11 });
    const after = await json<{ offset: number }>(await node.call('/v2/state/ledger-end'));
    expect(after.offset).toBe(before.offset);
  });

  it('streams the ledger as flat updates, trees and the v2 update stream', async () => {
    const filter = wildcardFor(bob);
    const flats = await json<Body[]>(
      await node.call('/v2/updates/flats?stream_idle_timeout_ms=50', {
        user: 'bob-user',
        body: { beginExclusive: 0, filter, verbose: false },
      }),
    );
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/updates/flats',
      status: 200,
      body: flats,
    });
    expect(flats.length).toBeGreaterThanOrEqual(2);
    const end = await json<{ offset: number }>(await node.call('/v2/state/ledger-end'));
    const bounded = await json<Body[]>(
      await node.call('/v2/updates', {
        user: 'bob-user',
        body: {
          beginExclusive: end.offset,
          endInclusive: end.offset,
          updateFormat: {
            includeTransactions: {
              eventFormat: filter,
              transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
            },
          },
        },
      }),
    );
    expect(bounded).toEqual([]);
    const trees = await json<Body[]>(
      await node.call('/v2/updates/trees?stream_idle_timeout_ms=50', {
        user: 'bob-user',
        body: { beginExclusive: 0, endInclusive: end.offset, filter },
      }),
    );
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/updates/trees',
      status: 200,
      body: trees,
    });
    expect(trees.length).toBe(flats.length);
  });

  it('answers update-by-id and events-by-contract-id for stakeholders only', async () => {
    const events = await node.call('/v2/events/events-by-contract-id', {
      user: 'alice-user',
      body: { contractId: iouId, eventFormat: wildcardFor(alice) },
    });
    const body = await json<Body>(events);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'post',
      path: '/v2/events/events-by-contract-id',
      status: 200,
      body,
    });
    expect(body).toHaveProperty('created.createdEvent.contractId', iouId);
    expect(body).toHaveProperty('archived.archivedEvent.contractId', iouId);
    const hidden = await node.call('/v2/events/events-by-contract-id', {
      user: 'bob-user',
      body: { contractId: iouId, eventFormat: wildcardFor(bob) },
    });
    expect(hidden.status).toBe(404);
  });
});
