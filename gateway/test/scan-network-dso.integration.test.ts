import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScanContract, scanCall, scanError, scanOk } from './scan-network-fixtures.ts';
import { inputAmulet, rulesChoice, tap, transferContext } from './splice-amulet-calls.ts';
import {
  dsoContracts,
  onlyContract,
  partyWithUser,
  type SpliceNode,
  spliceIds,
  startSpliceNode,
} from './splice-fixtures.ts';
import { startTestNode } from './test-node.ts';

// Scan's health and the DSO's directory over HTTP, as an anonymous client reads them.

type WithState = { contract: ScanContract; domain_id?: string };

describe('Scan: health and the DSO', () => {
  let net: SpliceNode;
  let synchronizerId: string;
  let participantId: string;

  beforeAll(async () => {
    net = await startSpliceNode();
    synchronizerId = net.node.node.identity.synchronizerId;
    participantId = net.node.node.identity.participantId;
  });
  afterAll(() => net.node.close());

  it('answers /status, /version, /readyz and /livez without credentials', async () => {
    const status = await scanOk<{ success: { id: string; ports: { http: number } } }>(
      net.node,
      '/status',
    );
    expect(status.success).toMatchObject({ id: participantId, active: true });
    expect(status.success.ports.http).toBe(Number(new URL(net.node.url).port));
    expect(await scanOk(net.node, '/version')).toEqual({
      version: '0.6.11',
      commit_ts: '2026-06-26T00:00:00Z',
    });
    expect((await scanCall(net.node, '/readyz')).status).toBe(200);
    expect((await scanCall(net.node, '/livez')).status).toBe(200);
    // A bad token does not matter: Scan never asks who calls.
    const answer = await scanCall(net.node, '/v0/dso-party-id', { token: 'not-a-token' });
    expect(answer).toEqual({ status: 200, body: { dso_party_id: net.dso } });
  });

  it('describes the DSO with its rules, latest round and SV as the ledger has them', async () => {
    const info = await scanOk<{
      sv_party_id: string;
      latest_mining_round: WithState;
      amulet_rules: WithState;
      dso_rules: WithState;
      sv_node_states: WithState[];
    }>(net.node, '/v0/dso');
    const rules = await onlyContract(net, spliceIds.amuletRules);
    const dsoRules = await onlyContract(net, '#splice-dso-governance:Splice.DsoRules:DsoRules');
    const rounds = await dsoContracts(net, spliceIds.openMiningRound);
    const latest = rounds.reduce((a, b) =>
      Number((a.createArgument.round as { number: string }).number) >
      Number((b.createArgument.round as { number: string }).number)
        ? a
        : b,
    );
    expect(info).toMatchObject({
      sv_user: 'sv1',
      sv_party_id: net.sv,
      dso_party_id: net.dso,
      voting_threshold: 1,
      initial_round: '0',
    });
    // SV1's node state, created at genesis as Splice's DsoBootstrap creates it.
    const nodeState = await onlyContract(
      net,
      '#splice-dso-governance:Splice.DSO.SvState:SvNodeState',
    );
    expect(info.sv_node_states).toEqual([
      {
        contract: {
          template_id: nodeState.templateId,
          contract_id: nodeState.contractId,
          payload: nodeState.createArgument,
          created_event_blob: nodeState.createdEventBlob,
          created_at: expect.any(String),
        },
        domain_id: synchronizerId,
      },
    ]);
    expect(nodeState.createArgument).toEqual({
      dso: net.dso,
      sv: net.sv,
      svName: 'sv1',
      state: {
        synchronizerNodes: [
          [
            synchronizerId,
            {
              cometBft: { nodes: [], governanceKeys: [], sequencingKeys: [] },
              sequencer: null,
              mediator: { mediatorId: `MED::mediator::${synchronizerId.split('::')[1]}` },
              scan: null,
              legacySequencerConfig: null,
              sequencerIdentity: null,
              physicalSynchronizers: null,
            },
          ],
        ],
      },
    });
    // The validator's scan proxy hands on the same.
    const proxied = await net.node.call('/api/validator/v0/scan-proxy/dso', { user: 'sv1' });
    expect(((await proxied.json()) as { sv_node_states: unknown }).sv_node_states).toEqual(
      info.sv_node_states,
    );
    expect(info.amulet_rules).toEqual({
      contract: {
        template_id: rules.templateId,
        contract_id: rules.contractId,
        payload: rules.createArgument,
        created_event_blob: rules.createdEventBlob,
        created_at: expect.any(String),
      },
      domain_id: synchronizerId,
    });
    expect(info.dso_rules.contract.contract_id).toBe(dsoRules.contractId);
    expect(info.latest_mining_round.contract.contract_id).toBe(latest.contractId);
    expect(info.latest_mining_round.contract.payload).toEqual(latest.createArgument);
  });

  it('lists the one SV’s scan, sequencer and BFT sequencer at this node', async () => {
    expect(await scanOk(net.node, '/v0/scans')).toEqual({
      scans: [{ domainId: synchronizerId, scans: [{ publicUrl: net.node.url, svName: 'sv1' }] }],
    });
    const sequencers = await scanOk<{
      domainSequencers: [{ sequencers: [{ id: string; availableAfter: string }] }];
    }>(net.node, '/v0/dso-sequencers');
    const [domain] = sequencers.domainSequencers;
    expect(domain).toMatchObject({ domainId: synchronizerId });
    expect(domain.sequencers).toEqual([
      {
        migrationId: 0,
        id: `SEQ::sequencer::${synchronizerId.split('::')[1]}`,
        url: net.node.url,
        svName: 'sv1',
        availableAfter: expect.stringMatching(/^2026-01-01T00:00:00/),
      },
    ]);
    expect(await scanOk(net.node, '/v0/sv-bft-sequencers')).toEqual({
      bftSequencers: [{ serialId: 0, id: domain.sequencers[0].id, p2pUrl: net.node.url }],
    });
    expect(await scanOk(net.node, '/v0/splice-instance-names')).toMatchObject({
      amulet_name: 'Canton Coin',
      amulet_name_acronym: 'CC',
      name_service_name_acronym: 'ANS',
    });
  });

  it('gives the synchronizer’s identities for a prefix of its id, 404 for another', async () => {
    const namespace = synchronizerId.split('::')[1] ?? '';
    for (const prefix of ['global-domain', synchronizerId]) {
      const found = await scanOk<{
        sequencer_id: string;
        sequencer_identity_transactions: string[];
        mediator_id: string;
      }>(net.node, `/v0/synchronizer-identities/${prefix}`);
      expect(found.sequencer_id).toBe(`SEQ::sequencer::${namespace}`);
      expect(found.mediator_id).toBe(`MED::mediator::${namespace}`);
      const decoded = found.sequencer_identity_transactions.map((tx) =>
        JSON.parse(Buffer.from(tx, 'base64').toString('utf8')),
      );
      expect(decoded).toMatchObject([
        { mapping: 'NamespaceDelegation', namespace },
        { mapping: 'OwnerToKeyMapping', member: found.sequencer_id },
      ]);
    }
    const boot = await scanOk<Record<string, string>>(
      net.node,
      '/v0/synchronizer-bootstrapping-transactions/global',
    );
    const sequencers = JSON.parse(
      Buffer.from(boot.sequencer_domain_state ?? '', 'base64').toString(),
    );
    expect(sequencers).toMatchObject({ synchronizerId, active: [`SEQ::sequencer::${namespace}`] });
    await scanError(net.node, '/v0/synchronizer-identities/other-domain', {
      status: 404,
      message: /other-domain/,
    });
    await scanError(net.node, '/v0/synchronizer-bootstrapping-transactions/xyz', {
      status: 404,
      message: /xyz/,
    });
  });

  it('names the participant hosting a party; 400 for a malformed id, 404 for a stranger', async () => {
    const path = (domain: string, party: string, version = 'v0') =>
      `/${version}/domains/${domain}/parties/${party}/participant-id`;
    expect(await scanOk(net.node, path(synchronizerId, net.operator))).toEqual({
      participant_id: `PAR::${participantId}`,
    });
    expect(await scanOk(net.node, path(synchronizerId, net.dso, 'v1'))).toEqual({
      participant_ids: [`PAR::${participantId}`],
    });
    await scanError(net.node, path('not-a-domain', net.operator), {
      status: 400,
      message: /domain/,
    });
    await scanError(net.node, path(synchronizerId, 'nobody'), { status: 400, message: /party/ });
    const stranger = `stranger::1220${'ab'.repeat(32)}`;
    await scanError(net.node, path(synchronizerId, stranger), { status: 404, message: /stranger/ });
    await scanError(net.node, path(`other::1220${'cd'.repeat(32)}`, net.operator, 'v1'), {
      status: 404,
      message: /not known/,
    });
  });

  it('reports a member’s purchased traffic, which takes effect at once', async () => {
    const own = `PAR::${participantId}`;
    const path = (member: string, domain = synchronizerId) =>
      `/v0/domains/${domain}/members/${member}/traffic-status`;
    type Traffic = { traffic_status: { actual: { total_consumed: number } } };
    const consumedBy = async (member: string) =>
      (await scanOk<Traffic>(net.node, path(member))).traffic_status.actual.total_consumed;
    const status = (purchased: number, consumed = 0) => ({
      traffic_status: {
        actual: { total_consumed: consumed, total_limit: purchased },
        target: { total_purchased: purchased },
      },
    });
    // This participant pays for each transaction it commits: 5,000 bytes and 1,000 per event.
    const before = await consumedBy(own);
    expect(before).toBeGreaterThan(0);
    expect(await scanOk(net.node, path(own))).toEqual(status(0, before));
    const foreign = 'PAR::participant2::1220ef01';
    await scanError(net.node, path(foreign), { status: 404, message: /participant2/ });
    const alice = await partyWithUser(net, 'alice');
    const coin = (await tap(net, 'alice', alice, '5000.0')).amulet;
    const buy = async (memberId: string, bytes: string, input: string) => {
      const response = await rulesChoice(net, {
        user: 'alice',
        actAs: [alice],
        choice: 'AmuletRules_BuyMemberTraffic',
        argument: {
          inputs: [inputAmulet(input)],
          context: await transferContext(net),
          provider: alice,
          memberId,
          synchronizerId,
          migrationId: '0',
          trafficAmount: bytes,
          expectedDso: net.dso,
        },
      });
      expect(response.status).toBe(200);
    };
    await buy(foreign, '1000000', coin);
    expect(await scanOk(net.node, path(foreign))).toEqual(status(1_000_000));
    const second = (await tap(net, 'alice', alice, '5000.0')).amulet;
    const beforeBuying = await consumedBy(own);
    await buy(own, '250000', second);
    const afterBuying = await consumedBy(own);
    expect(await scanOk(net.node, path(own))).toEqual(status(250_000, afterBuying));
    expect(afterBuying - beforeBuying).toBeGreaterThanOrEqual(6_000);
    expect((afterBuying - beforeBuying - 5_000) % 1_000).toBe(0);
    expect(await dsoContracts(net, spliceIds.memberTraffic)).toHaveLength(2);
    await scanError(net.node, path('SEQ::sequencer::1220'), {
      status: 400,
      message: /PAR:: or MED::/,
    });
    await scanError(net.node, path('PAR::no-fingerprint'), { status: 400, message: /member ID/ });
    await scanError(net.node, path(own, 'global-domain'), { status: 400, message: /domain ID/ });
  });
});

describe('Scan on a ledger without a network', () => {
  it('is not initialized: no DSO, no rounds, no reward accounting', async () => {
    const node = await startTestNode();
    try {
      expect(await scanOk(node, '/status')).toEqual({ not_initialized: { active: false } });
      expect((await scanCall(node, '/readyz')).status).toBe(503);
      expect((await scanCall(node, '/livez')).status).toBe(200);
      await scanError(node, '/v0/dso-party-id', { status: 404, message: /DSO/ });
      await scanError(node, '/v0/dso', { status: 404, message: /DsoRules/ });
      await scanError(node, '/v0/internal/reward-accounting-process/rounds/earliest-available', {
        status: 404,
        message: /No round/,
      });
      await scanError(node, '/v0/amulet-rules', { status: 404, message: /AmuletRules/, body: {} });
      const rounds = await scanOk(node, '/v0/open-and-issuing-mining-rounds', {
        body: { cached_open_mining_round_contract_ids: [], cached_issuing_round_contract_ids: [] },
      });
      expect(rounds).toEqual({
        time_to_live_in_microseconds: 0,
        open_mining_rounds: {},
        issuing_mining_rounds: {},
      });
    } finally {
      await node.close();
    }
  });
});
