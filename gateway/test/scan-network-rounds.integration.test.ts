import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScanContract, scanError, scanOk } from './scan-network-fixtures.ts';
import {
  advanceRounds,
  dsoContracts,
  nodeTime,
  onlyContract,
  type RoundContract,
  roundsOf,
  type SpliceNode,
  spliceIds,
  startSpliceNode,
} from './splice-fixtures.ts';

// The rounds and rules a wallet caches, over HTTP: the client-cache rules of
// /v0/open-and-issuing-mining-rounds case by case, as the rounds advance.

type MaybeCached = { contract?: ScanContract; domain_id?: string };
type RoundsAnswer = {
  time_to_live_in_microseconds: number;
  open_mining_rounds: Record<string, MaybeCached>;
  issuing_mining_rounds: Record<string, MaybeCached>;
};

const tickMicros = 600_000_000;
const micros = (time: string) =>
  Date.parse(time) * 1000 + Number(time.match(/\.\d{3}(\d{3})/)?.[1] ?? 0);

describe('Scan: mining rounds and rules', () => {
  let net: SpliceNode;
  let synchronizerId: string;
  const rounds = (open: string[], issuing: string[]) =>
    scanOk<RoundsAnswer>(net.node, '/v0/open-and-issuing-mining-rounds', {
      body: {
        cached_open_mining_round_contract_ids: open,
        cached_issuing_round_contract_ids: issuing,
      },
    });
  const full = (round: RoundContract): MaybeCached => ({
    contract: {
      template_id: round.templateId,
      contract_id: round.contractId,
      payload: round.createArgument,
      created_event_blob: round.createdEventBlob,
      created_at: expect.any(String),
    },
    domain_id: synchronizerId,
  });
  const ids = (list: RoundContract[]) => list.map((round) => round.contractId);

  beforeAll(async () => {
    net = await startSpliceNode();
    synchronizerId = net.node.node.identity.synchronizerId;
  });
  afterAll(() => net.node.close());

  it('sends every round in full to a client without a cache', async () => {
    const open = await roundsOf(net, spliceIds.openMiningRound);
    expect(open.map((round) => round.number)).toEqual([0, 1, 2]);
    const answer = await rounds([], []);
    expect(answer.open_mining_rounds).toEqual(
      Object.fromEntries(open.map((round) => [round.contractId, full(round)])),
    );
    expect(answer.issuing_mining_rounds).toEqual({});
    expect(answer.time_to_live_in_microseconds).toBe(tickMicros);
  });

  it('leaves out the contract of a round the client has; drops unknown ids', async () => {
    const open = await roundsOf(net, spliceIds.openMiningRound);
    const [first, second, third] = open as [RoundContract, RoundContract, RoundContract];
    const answer = await rounds([first.contractId, third.contractId, `00${'ab'.repeat(32)}`], []);
    expect(answer.open_mining_rounds).toEqual({
      [first.contractId]: { domain_id: synchronizerId },
      [second.contractId]: full(second),
      [third.contractId]: { domain_id: synchronizerId },
    });
  });

  it('drops a round that closed, keeps the cached ones and sends a new one in full', async () => {
    const before = await roundsOf(net, spliceIds.openMiningRound);
    const requestedAt = micros(await nodeTime(net));
    const { time_to_live_in_microseconds: ttl } = await rounds(ids(before), []);
    await advanceRounds(net, 1);
    const after = await roundsOf(net, spliceIds.openMiningRound);
    const [archived] = before;
    const added = after.filter((round) => !ids(before).includes(round.contractId));
    expect(added.map((round) => round.number)).toEqual([3]);
    // The cache could not have missed it: it expired before the new round opened.
    expect(requestedAt + ttl).toBeLessThan(micros(added[0]?.opensAt ?? ''));
    const answer = await rounds(ids(before), []);
    expect(Object.keys(answer.open_mining_rounds).sort()).toEqual(ids(after).sort());
    expect(answer.open_mining_rounds[archived?.contractId ?? '']).toBeUndefined();
    for (const kept of before.slice(1)) {
      expect(answer.open_mining_rounds[kept.contractId]).toEqual({ domain_id: synchronizerId });
    }
    expect(answer.open_mining_rounds[added[0]?.contractId ?? '']).toEqual(
      full(added[0] as RoundContract),
    );
  });

  it('applies the same rules to issuing rounds, whose cache lives half their span', async () => {
    let issuing = await roundsOf(net, spliceIds.issuingMiningRound);
    for (let step = 0; step < 5 && issuing.length < 2; step++) {
      await advanceRounds(net, 1);
      issuing = await roundsOf(net, spliceIds.issuingMiningRound);
    }
    expect(issuing.length).toBeGreaterThan(0);
    const first = await rounds([], ids(issuing));
    expect(first.issuing_mining_rounds).toEqual(
      Object.fromEntries(issuing.map((round) => [round.contractId, { domain_id: synchronizerId }])),
    );
    const spans = issuing.map((round) => (micros(round.closesAt) - micros(round.opensAt)) / 2);
    expect(first.time_to_live_in_microseconds).toBe(Math.min(tickMicros, ...spans));
    const uncached = await rounds([], []);
    expect(uncached.issuing_mining_rounds).toEqual(
      Object.fromEntries(issuing.map((round) => [round.contractId, full(round)])),
    );
    // Advance until the oldest issuing round has closed: it leaves the map.
    const [oldest] = issuing;
    for (let step = 0; step < 5; step++) {
      const now = ids(await roundsOf(net, spliceIds.issuingMiningRound));
      if (!now.includes(oldest?.contractId ?? '')) break;
      await advanceRounds(net, 1);
    }
    const later = await rounds(ids(await roundsOf(net, spliceIds.openMiningRound)), ids(issuing));
    const current = await roundsOf(net, spliceIds.issuingMiningRound);
    expect(Object.keys(later.issuing_mining_rounds).sort()).toEqual(ids(current).sort());
    expect(later.issuing_mining_rounds[oldest?.contractId ?? '']).toBeUndefined();
    for (const round of current) {
      const expected = ids(issuing).includes(round.contractId)
        ? { domain_id: synchronizerId }
        : full(round);
      expect(later.issuing_mining_rounds[round.contractId]).toEqual(expected);
    }
    for (const contract of Object.values(later.open_mining_rounds)) {
      expect(contract).toEqual({ domain_id: synchronizerId });
    }
  });

  it('refuses a request without both cached lists', async () => {
    const path = '/v0/open-and-issuing-mining-rounds';
    await scanError(net.node, path, {
      status: 400,
      message: /cached_issuing_round_contract_ids/,
      body: { cached_open_mining_round_contract_ids: [] },
    });
    await scanError(net.node, path, {
      status: 400,
      message: /cached_open_mining_round_contract_ids/,
      body: { cached_open_mining_round_contract_ids: 'x', cached_issuing_round_contract_ids: [] },
    });
  });

  it('lists the closed rounds the ledger still has, oldest first', async () => {
    const closed = await roundsOf(net, spliceIds.closedMiningRound);
    // A round closed at the last tick; the DSO archives it only once its rewards are settled.
    expect(closed.length).toBeGreaterThan(0);
    const answer = await scanOk<{ rounds: ScanContract[] }>(net.node, '/v0/closed-rounds');
    expect(answer.rounds.map((round) => round.contract_id)).toEqual(ids(closed));
  });

  it('sends the rules in full unless the client has the current contract', async () => {
    const cases = [
      [
        '/v0/amulet-rules',
        'amulet_rules_update',
        'cached_amulet_rules_contract_id',
        spliceIds.amuletRules,
      ],
      [
        '/v0/external-party-amulet-rules',
        'external_party_amulet_rules_update',
        'cached_external_party_amulet_rules_contract_id',
        spliceIds.externalPartyAmuletRules,
      ],
      [
        '/v0/ans-rules',
        'ans_rules_update',
        'cached_ans_rules_contract_id',
        '#splice-amulet-name-service:Splice.Ans:AnsRules',
      ],
    ] as const;
    for (const [path, field, cachedField, templateId] of cases) {
      const rules = await onlyContract(net, templateId);
      const fresh = await scanOk<Record<string, MaybeCached>>(net.node, path, { body: {} });
      expect(fresh[field]).toEqual({
        contract: {
          template_id: rules.templateId,
          contract_id: rules.contractId,
          payload: rules.createArgument,
          created_event_blob: rules.createdEventBlob,
          created_at: expect.any(String),
        },
        domain_id: synchronizerId,
      });
      const cached = await scanOk<Record<string, MaybeCached>>(net.node, path, {
        body: { [cachedField]: rules.contractId },
      });
      expect(cached[field]).toEqual({ domain_id: synchronizerId });
      const stale = await scanOk<Record<string, MaybeCached>>(net.node, path, {
        body: { [cachedField]: `00${'cd'.repeat(32)}` },
      });
      expect(stale[field]?.contract?.contract_id).toBe(rules.contractId);
      await scanError(net.node, path, {
        status: 400,
        message: new RegExp(cachedField),
        body: { [cachedField]: 7 },
      });
    }
  });

  it('gives the fees of a round its open round carried; 404 for an unknown round', async () => {
    const [round] = await roundsOf(net, spliceIds.openMiningRound);
    const config = round?.createArgument.transferConfigUsd as {
      createFee: { fee: string };
      holdingFee: { rate: string };
      lockHolderFee: { fee: string };
      transferFee: { initialRate: string; steps: Array<{ _1: string; _2: string }> };
    };
    for (const number of [0, round?.number ?? 0]) {
      expect(await scanOk(net.node, `/v0/amulet-config-for-round?round=${number}`)).toEqual({
        amulet_create_fee: config.createFee.fee,
        holding_fee: config.holdingFee.rate,
        lock_holder_fee: config.lockHolderFee.fee,
        transfer_fee: {
          initial: config.transferFee.initialRate,
          steps: config.transferFee.steps.map((step) => ({ amount: step._1, rate: step._2 })),
        },
      });
    }
    expect(config.holdingFee.rate).toBe('0.0000190259');
    await scanError(net.node, '/v0/amulet-config-for-round?round=9999', {
      status: 404,
      message: /9999/,
    });
    await scanError(net.node, '/v0/amulet-config-for-round?round=x', {
      status: 400,
      message: /round/,
    });
    await scanError(net.node, '/v0/amulet-config-for-round', { status: 400, message: /round/ });
  });

  it('lists the unclaimed development fund coupons the issuing rounds created', async () => {
    const coupons = await dsoContracts(
      net,
      '#splice-amulet:Splice.Amulet:UnclaimedDevelopmentFundCoupon',
    );
    expect(coupons.length).toBeGreaterThan(0);
    const answer = await scanOk<{ 'unclaimed-development-fund-coupons': MaybeCached[] }>(
      net.node,
      '/v0/unclaimed-development-fund-coupons',
    );
    expect(answer['unclaimed-development-fund-coupons']).toEqual(
      coupons.map((coupon) => ({
        contract: expect.objectContaining({
          contract_id: coupon.contractId,
          payload: coupon.createArgument,
        }),
        domain_id: synchronizerId,
      })),
    );
  });
});
