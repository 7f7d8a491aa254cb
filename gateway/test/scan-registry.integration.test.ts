import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, type SpecName } from './openapi-validator.ts';
import { tap } from './splice-amulet-calls.ts';
import {
  decimal,
  dsoContracts,
  latestOpenRound,
  nodeTime,
  type SpliceNode,
  spliceIds,
  startSpliceNodeWith,
  units,
} from './splice-fixtures.ts';
import { registryCall, registryContract } from './splice-registry.ts';

// Every operation of the four token-standard documents, through HTTP, each answer validated
// against its document: Scan's registry for amulet, with the DSO as its admin.

const dayMillis = 86_400_000;
const configStateId = '#splice-amulet:Splice.ExternalPartyConfigState:ExternalPartyConfigState';

type Json = Record<string, unknown>;

describe('the token-standard registry at /api/scan/registry', () => {
  let net: SpliceNode;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    ({ net, alice, bob } = await startSpliceNodeWith(['alice', 'bob']));
  });
  afterAll(() => net.node.close());

  /** Calls the registry and checks the answer against `spec`'s declared response for its status. */
  const call = async (spec: SpecName, path: string, body?: unknown) => {
    const response = await registryCall(net, path, body);
    const parsed = (await response.json()) as Json;
    const method = body === undefined ? 'get' : 'post';
    expectMatchesSpec({
      spec,
      method,
      path: `/registry${path}`,
      status: response.status,
      body: parsed,
    });
    return { status: response.status, body: parsed };
  };

  const transferArguments = async (sender: string, receiver: string) => {
    const now = await nodeTime(net);
    return {
      expectedAdmin: net.dso,
      transfer: {
        sender,
        receiver,
        amount: '10.0',
        instrumentId: { admin: net.dso, id: 'Amulet' },
        lock: null,
        requestedAt: now,
        executeBefore: new Date(Date.parse(now) + dayMillis).toISOString(),
        inputHoldingCids: [],
        meta: { values: {} },
      },
      extraArgs: { context: { values: {} }, meta: { values: {} } },
    };
  };

  /** The DSO's amulets and locked amulets, summed from the Ledger API's ACS. */
  const supplyFromLedger = async () => {
    const amulets = await dsoContracts(net, spliceIds.amulet);
    const locked = await dsoContracts(net, spliceIds.lockedAmulet);
    const amount = (payload: Json) =>
      units(String((payload.amount as { initialAmount: string }).initialAmount));
    return [
      ...amulets.map((event) => amount(event.createArgument)),
      ...locked.map((event) => amount(event.createArgument.amulet as Json)),
    ].reduce((sum, value) => sum + value, 0n);
  };

  it('names the DSO as the registry admin', async () => {
    const { status, body } = await call('token-metadata', '/metadata/v1/info');
    expect(status).toBe(200);
    expect(body).toEqual({
      adminId: net.dso,
      supportedApis: { 'splice-api-token-metadata-v1': 1 },
    });
  });

  it('lists amulet with the total supply the ACS holds, which a tap raises exactly', async () => {
    const before = await call('token-metadata', '/metadata/v1/instruments');
    const [instrument] = before.body.instruments as Json[];
    expect(instrument).toMatchObject({
      id: 'Amulet',
      name: 'Canton Coin',
      symbol: 'CC',
      decimals: 10,
      supportedApis: {
        'splice-api-token-metadata-v1': 1,
        'splice-api-token-holding-v1': 1,
        'splice-api-token-transfer-instruction-v1': 1,
        'splice-api-token-allocation-v1': 1,
        'splice-api-token-allocation-instruction-v1': 1,
      },
    });
    expect(before.body).not.toHaveProperty('nextPageToken');
    const supply = units(String(instrument?.totalSupply));
    expect(supply).toBe(await supplyFromLedger());
    await tap(net, 'alice', alice, '1234.5');
    const after = await call('token-metadata', '/metadata/v1/instruments/Amulet');
    expect(after.body.totalSupply).toBe(decimal(supply + units('1234.5')));
    expect(units(String(after.body.totalSupply))).toBe(await supplyFromLedger());
    expect(Date.parse(String(after.body.totalSupplyAsOf))).toBeGreaterThanOrEqual(
      Date.parse(String(instrument?.totalSupplyAsOf)),
    );
  });

  it('pages instruments by id and refuses a bad page size', async () => {
    const first = await call('token-metadata', '/metadata/v1/instruments?pageSize=1');
    expect((first.body.instruments as Json[]).map((each) => each.id)).toEqual(['Amulet']);
    expect(first.body).not.toHaveProperty('nextPageToken');
    const next = await call('token-metadata', '/metadata/v1/instruments?pageToken=Amulet');
    expect(next.body).toEqual({ instruments: [] });
    for (const pageSize of ['0', 'ten', '-1', '99999999999']) {
      const response = await registryCall(net, `/metadata/v1/instruments?pageSize=${pageSize}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/pageSize/) });
    }
  });

  it('answers 404 for an instrument it does not manage', async () => {
    const { status, body } = await call('token-metadata', '/metadata/v1/instruments/Bitcoin');
    expect(status).toBe(404);
    expect(body.error).toMatch(/Bitcoin/);
  });

  it('offers the transfer factory with AmuletRules, the open round and the factory disclosed', async () => {
    const { status, body } = await call(
      'transfer-instruction',
      '/transfer-instruction/v1/transfer-factory',
      {
        choiceArguments: await transferArguments(alice, bob),
      },
    );
    expect(status).toBe(200);
    const rules = await registryContract(net, spliceIds.amuletRules);
    const round = await latestOpenRound(net);
    const factory = await registryContract(net, spliceIds.externalPartyAmuletRules);
    const configState = (await dsoContracts(net, configStateId)).at(-1);
    if (!configState) throw new Error('the devnet has no ExternalPartyConfigState');
    expect(body.factoryId).toBe(factory.contractId);
    expect(body.transferKind).toBe('offer');
    const context = body.choiceContext as {
      choiceContextData: Json;
      disclosedContracts: Json[];
    };
    expect(context.choiceContextData).toEqual({
      values: {
        'amulet-rules': { tag: 'AV_ContractId', value: rules.contractId },
        'open-round': { tag: 'AV_ContractId', value: round.contractId },
        'external-party-config-state': { tag: 'AV_ContractId', value: configState.contractId },
      },
    });
    // The blobs are the ones the Ledger API gives the DSO for the same contracts.
    expect(context.disclosedContracts).toEqual(
      [rules, round, configState, factory].map((event) => ({
        templateId: event.templateId,
        contractId: event.contractId,
        createdEventBlob: event.createdEventBlob,
        synchronizerId: net.node.node.identity.synchronizerId,
        debugPackageName: 'splice-amulet',
        debugPayload: event.createArgument,
        debugCreatedAt: expect.any(String),
      })),
    );
  });

  it('calls a transfer to oneself a self transfer, and leaves out debug fields when asked', async () => {
    const { body } = await call(
      'transfer-instruction',
      '/transfer-instruction/v1/transfer-factory',
      {
        choiceArguments: await transferArguments(alice, alice),
        excludeDebugFields: true,
      },
    );
    expect(body.transferKind).toBe('self');
    const disclosed = (body.choiceContext as { disclosedContracts: Json[] }).disclosedContracts;
    expect(disclosed).toHaveLength(4);
    for (const contract of disclosed) {
      expect(Object.keys(contract).sort()).toEqual([
        'contractId',
        'createdEventBlob',
        'synchronizerId',
        'templateId',
      ]);
    }
  });

  it('refuses a transfer factory request without valid choice arguments', async () => {
    const path = '/transfer-instruction/v1/transfer-factory';
    const valid = await transferArguments(alice, bob);
    const { transfer, ...withoutTransfer } = valid;
    const { sender: _sender, ...withoutSender } = transfer;
    for (const body of [
      {},
      { choiceArguments: 'transfer' },
      { choiceArguments: withoutTransfer },
      { choiceArguments: { ...valid, transfer: withoutSender } },
      { choiceArguments: valid, excludeDebugFields: 'yes' },
    ]) {
      const { status, body: error } = await call('transfer-instruction', path, body);
      expect(status).toBe(400);
      expect(error.error).toMatch(/Invalid value for: body/);
    }
    const response = await net.node.call(`/api/scan/registry${path}`, {
      user: null,
      method: 'POST',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 404 for the choice contexts of an instruction that does not exist', async () => {
    for (const action of ['accept', 'reject', 'withdraw']) {
      const path = `/transfer-instruction/v1/00deadbeef/choice-contexts/${action}`;
      const { status, body } = await call('transfer-instruction', path, {});
      expect(status).toBe(404);
      expect(body.error).toBe("AmuletTransferInstruction '00deadbeef' not found.");
    }
    // An existing contract of another template is no transfer instruction either.
    const rules = await registryContract(net, spliceIds.amuletRules);
    const path = `/transfer-instruction/v1/${rules.contractId}/choice-contexts/accept`;
    expect((await call('transfer-instruction', path, { meta: {} })).status).toBe(404);
  });

  it('refuses a malformed choice-context request', async () => {
    const path = '/transfer-instruction/v1/00deadbeef/choice-contexts/reject';
    for (const body of [{ meta: { reason: 1 } }, { excludeDebugFields: 'no' }, []]) {
      const { status } = await call('transfer-instruction', path, body);
      expect(status).toBe(400);
    }
  });

  it('offers the allocation factory with the amulet transfer context', async () => {
    const { status, body } = await call(
      'allocation-instruction',
      '/allocation-instruction/v1/allocation-factory',
      { choiceArguments: { expectedAdmin: net.dso }, excludeDebugFields: false },
    );
    expect(status).toBe(200);
    const factory = await registryContract(net, spliceIds.externalPartyAmuletRules);
    expect(body.factoryId).toBe(factory.contractId);
    const context = body.choiceContext as { choiceContextData: { values: Json } };
    expect(Object.keys(context.choiceContextData.values).sort()).toEqual([
      'amulet-rules',
      'external-party-config-state',
      'open-round',
    ]);
    const missing = await call(
      'allocation-instruction',
      '/allocation-instruction/v1/allocation-factory',
      { excludeDebugFields: true },
    );
    expect(missing.status).toBe(400);
  });

  it('answers paths outside its documents with a 404 in their error shape', async () => {
    for (const [path, body] of [
      ['/metadata/v2/info', undefined],
      ['/transfer-instruction/v1/abc/choice-contexts/expire', {}],
      ['/allocations/v1/abc', {}],
    ] as const) {
      const response = await registryCall(net, path, body);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: expect.stringContaining(path) });
    }
  });

  it('answers 404 for the choice contexts of an allocation that does not exist', async () => {
    for (const action of ['execute-transfer', 'withdraw', 'cancel']) {
      const path = `/allocations/v1/00feed/choice-contexts/${action}`;
      const { status, body } = await call('allocation', path, {});
      expect(status).toBe(404);
      expect(body.error).toBe("AmuletAllocation '00feed' not found.");
    }
  });

  it('answers at the host root too, as LocalNet serves it beside /api/scan', async () => {
    const requests = [
      ['/metadata/v1/info', undefined],
      ['/metadata/v1/instruments', undefined],
      ['/metadata/v1/instruments/Bitcoin', undefined],
      [
        '/transfer-instruction/v1/transfer-factory',
        { choiceArguments: await transferArguments(alice, bob) },
      ],
      ['/transfer-instruction/v1/00feed/choice-contexts/accept', {}],
      ['/allocation-instruction/v1/allocation-factory', { choiceArguments: {} }],
      ['/allocations/v1/00feed/choice-contexts/withdraw', {}],
      ['/metadata/v2/info', undefined],
    ] as const;
    for (const [path, body] of requests) {
      const underScan = await registryCall(net, path, body);
      const atRoot = await net.node.call(`/registry${path}`, { user: null, body });
      expect([path, atRoot.status]).toEqual([path, underScan.status]);
      const rootBody = (await atRoot.json()) as Json;
      const scanBody = (await underScan.json()) as Json;
      if (path === '/metadata/v2/info') {
        expect(rootBody).toEqual({ error: expect.stringContaining(path) });
        continue;
      }
      // Disclosed contracts carry their creation time; the rest is the same answer.
      expect(JSON.stringify(rootBody).replace(/"debugCreatedAt":"[^"]*"/g, '')).toBe(
        JSON.stringify(scanBody).replace(/"debugCreatedAt":"[^"]*"/g, ''),
      );
    }
  });
});
