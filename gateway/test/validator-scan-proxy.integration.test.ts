import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanCall } from './scan-network-fixtures.ts';
import { advance, tapFor } from './validator-apps-fixtures.ts';
import {
  ok,
  onboard,
  refused,
  startValidatorNode,
  type ValidatorNode,
  validator,
} from './validator-fixtures.ts';

// Every operation of scan-proxy.yaml: the validator answers from its node's Scan, so each
// forwarded answer is Scan's own (same status, same body), and the proxy's own shapes (GET
// rounds and rules) carry Scan's contracts. The registry is reached behind the proxy too.

type WithState = { contract: { contract_id: string; template_id: string }; domain_id: string };

describe('the scan proxy of the validator app', () => {
  let net: ValidatorNode;
  let alice: string;
  let bob: string;

  /** The proxy's answer to `proxyPath` is Scan's answer to `scanPath`. */
  const sameAsScan = async (
    proxyPath: string,
    scanPath: string,
    init: { body?: unknown; user?: string | null } = {},
  ) => {
    const proxied = await validator(net, proxyPath, {
      user: init.user ?? 'alice',
      body: init.body,
    });
    const direct = await scanCall(net.node, scanPath, { body: init.body });
    expect(proxied).toEqual(direct);
    return proxied;
  };

  beforeAll(async () => {
    net = await startValidatorNode();
    alice = await onboard(net, 'alice');
    bob = await onboard(net, 'bob');
    await tapFor(net, 'alice', '1');
    await ok(net, '/v0/wallet/transfer-preapproval', { user: 'alice', method: 'POST' });
    await advance(net, 3 * 3600);
  });
  afterAll(() => net.node.close());

  it('serves the DSO, its rules and rounds as Scan has them', async () => {
    const id = await sameAsScan('/v0/scan-proxy/dso-party-id', '/v0/dso-party-id');
    expect(id.body).toEqual({ dso_party_id: net.dso });
    await sameAsScan('/v0/scan-proxy/dso', '/v0/dso');
    const rules = await ok<{ amulet_rules: WithState }>(net, '/v0/scan-proxy/amulet-rules', {
      user: 'alice',
    });
    const fromScan = await scanCall<{ amulet_rules_update: WithState }>(
      net.node,
      '/v0/amulet-rules',
      { body: {} },
    );
    expect(rules.amulet_rules).toEqual(fromScan.body.amulet_rules_update);
    expect(rules.amulet_rules.contract.template_id).toMatch(/:Splice\.AmuletRules:AmuletRules$/);
    const rounds = await ok<{
      open_mining_rounds: WithState[];
      issuing_mining_rounds: WithState[];
    }>(net, '/v0/scan-proxy/open-and-issuing-mining-rounds', { user: null });
    const scanRounds = await scanCall<{
      open_mining_rounds: Record<string, WithState>;
      issuing_mining_rounds: Record<string, WithState>;
    }>(net.node, '/v0/open-and-issuing-mining-rounds', {
      body: { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
    });
    expect(rounds.open_mining_rounds).toHaveLength(3);
    expect(rounds.open_mining_rounds).toEqual(Object.values(scanRounds.body.open_mining_rounds));
    expect(rounds.issuing_mining_rounds).toEqual(
      Object.values(scanRounds.body.issuing_mining_rounds),
    );
    await sameAsScan('/v0/scan-proxy/ans-rules', '/v0/ans-rules', { body: {} });
    await sameAsScan(
      '/v0/scan-proxy/unclaimed-development-fund-coupons',
      '/v0/unclaimed-development-fund-coupons',
    );
  });

  it('looks up featured apps, names, preapprovals and transfer commands', async () => {
    const featured = await sameAsScan(
      `/v0/scan-proxy/featured-apps/${net.operator}`,
      `/v0/featured-apps/${net.operator}`,
    );
    expect(featured.body).toHaveProperty('featured_app_right');
    expect(
      (await sameAsScan(`/v0/scan-proxy/featured-apps/${bob}`, `/v0/featured-apps/${bob}`)).body,
    ).toEqual({});
    const names = await sameAsScan(
      '/v0/scan-proxy/ans-entries?page_size=10',
      '/v0/ans-entries?page_size=10',
    );
    expect(names.status).toBe(200);
    // The DSO's and the SV's own entries have no contract and no expiry: both left out.
    const { entries } = names.body as { entries: Record<string, unknown>[] };
    expect(entries.map((entry) => entry.name)).toEqual(['dso.ans', 'sv1.sv.ans']);
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['description', 'name', 'url', 'user']);
    }
    const dsoEntry = await sameAsScan(
      `/v0/scan-proxy/ans-entries/by-party/${net.dso}`,
      `/v0/ans-entries/by-party/${net.dso}`,
    );
    expect(dsoEntry.body).toEqual({
      entry: { user: net.dso, name: 'dso.ans', url: '', description: '' },
    });
    await refused(
      net,
      `/v0/scan-proxy/ans-entries/by-party/${bob}`,
      { user: 'bob' },
      { status: 404 },
    );
    await refused(
      net,
      '/v0/scan-proxy/ans-entries/by-name/nobody.unverified.ans',
      { user: 'bob' },
      { status: 404 },
    );
    await refused(net, '/v0/scan-proxy/ans-entries', { user: 'bob' }, { status: 400 });
    const preapproval = await sameAsScan(
      `/v0/scan-proxy/transfer-preapprovals/by-party/${alice}`,
      `/v0/transfer-preapprovals/by-party/${alice}`,
    );
    expect(preapproval.body).toMatchObject({
      transfer_preapproval: { contract: { payload: { receiver: alice, provider: net.operator } } },
    });
    await refused(
      net,
      `/v0/scan-proxy/transfer-preapprovals/by-party/${bob}`,
      { user: 'bob' },
      { status: 404 },
    );
    await refused(
      net,
      `/v0/scan-proxy/transfer-command-counter/${alice}`,
      { user: 'bob' },
      { status: 404 },
    );
    const status = `/transfer-command/status?sender=${encodeURIComponent(alice)}&nonce=0`;
    const proxied = await validator(net, `/v0/scan-proxy${status}`, { user: 'bob' });
    expect(proxied).toEqual(await scanCall(net.node, `/v0${status}`));
    expect(proxied.status).toBe(404);
  });

  it('sums holdings in both versions, as Scan does', async () => {
    const request = {
      migration_id: 0,
      record_time: '2026-01-01T03:00:00Z',
      owner_party_ids: [alice, bob],
    };
    const v1 = await sameAsScan('/v1/scan-proxy/holdings/summary', '/v1/holdings/summary', {
      body: request,
    });
    expect(v1.status).toBe(200);
    expect(v1.body).toMatchObject({
      summaries: [{ party_id: alice, total_unlocked_coin: '200.0000000000' }, { party_id: bob }],
    });
    const v0 = await sameAsScan('/v0/scan-proxy/holdings/summary', '/v0/holdings/summary', {
      body: request,
    });
    expect(v0.body).toHaveProperty('computed_as_of_round');
  });

  it('reaches the token registry the wallet SDK uses through the proxy', async () => {
    const info = await ok<{ adminId: string }>(net, '/v0/scan-proxy/registry/metadata/v1/info', {
      user: 'alice',
    });
    expect(info.adminId).toBe(net.dso);
    const instruments = await ok<{ instruments: Array<{ id: string }> }>(
      net,
      '/v0/scan-proxy/registry/metadata/v1/instruments',
      { user: 'alice' },
    );
    expect(instruments.instruments.map((instrument) => instrument.id)).toEqual(['Amulet']);
    const now = ((await (await net.node.call('/api/devnet/v0/time')).json()) as { now: string })
      .now;
    const choiceArguments = {
      expectedAdmin: net.dso,
      transfer: {
        sender: alice,
        receiver: bob,
        amount: '1.0',
        instrumentId: { admin: net.dso, id: 'Amulet' },
        requestedAt: now,
        executeBefore: new Date(Date.parse(now) + 3_600_000).toISOString(),
        inputHoldingCids: [],
        meta: { values: {} },
      },
      extraArgs: { context: { values: {} }, meta: { values: {} } },
    };
    const factory = await ok<{ factoryId: string; transferKind: string }>(
      net,
      '/v0/scan-proxy/registry/transfer-instruction/v1/transfer-factory',
      { user: 'alice', body: { choiceArguments } },
    );
    expect(factory.transferKind).toBe('offer');
    const direct = await net.node.call(
      '/api/scan/registry/transfer-instruction/v1/transfer-factory',
      {
        body: { choiceArguments },
      },
    );
    expect(factory).toEqual(await direct.json());
    const missing = await validator(
      net,
      '/v0/scan-proxy/registry/allocations/v1/nope/choice-contexts/withdraw',
      {
        user: 'alice',
        body: {},
      },
    );
    expect(missing.status).toBe(404);
  });

  it('answers anything else under the proxy with a 404 {error}', async () => {
    for (const path of [
      '/v0/scan-proxy/featured-apps',
      '/v0/scan-proxy/closed-rounds',
      '/v0/scan-proxy/updates',
    ]) {
      const response = await net.node.call(`/api/validator${path}`, { user: 'alice' });
      expect(response.status).toBe(404);
      expect(Object.keys((await response.json()) as object)).toEqual(['error']);
    }
  });
});
