import { gunzipSync } from 'node:zlib';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './ledger-fixtures.ts';
import { scan, scanError, scanOk } from './scan-history-fixtures.ts';
import { tap } from './splice-amulet-calls.ts';
import { partyWithUser, type SpliceNode, startSpliceNode } from './splice-fixtures.ts';

// ACS snapshots on the node clock's schedule and on demand, and what Scan reads from them: the
// ACS, holdings and holdings summaries at a record time.

type Contract = {
  contract_id: string;
  template_id: string;
  create_arguments: { owner?: string; amount?: { initialAmount: string } };
  created_in_update_id?: string;
  event_id?: string;
  signatories: string[];
  observers: string[];
};
type StatePage = {
  record_time: string;
  migration_id: number;
  created_events: Contract[];
  next_page_token?: number;
};

const amuletKey = 'splice-amulet:Splice.Amulet:Amulet';

describe('ACS snapshots and holdings in Scan', () => {
  let net: SpliceNode;
  let alice: string;
  let bob: string;
  let forced: string;
  const taps: Record<string, string> = {};

  const advance = async (seconds: number) =>
    json(await net.node.call('/api/devnet/v0/time/advance', { body: { seconds } }));
  const snapshotBefore = (time: string) =>
    scan<{ record_time: string }>(
      net.node,
      `/v0/state/acs/snapshot-timestamp?before=${time}&migration_id=0`,
    );
  const holdings = (version: 'v0' | 'v1', body: Record<string, unknown>) =>
    scanOk<StatePage>(net.node, `/${version}/holdings/state`, {
      migration_id: 0,
      page_size: 100,
      ...body,
    });
  const amounts = (page: StatePage) =>
    page.created_events.map((c) => c.create_arguments.amount?.initialAmount);

  beforeAll(async () => {
    net = await startSpliceNode();
    alice = await partyWithUser(net, 'alice');
    bob = await partyWithUser(net, 'bob');
    taps.alice100 = (await tap(net, 'alice', alice, '100.0')).tree.updateId;
    forced = (
      await scanOk<{ record_time: string; migration_id: number }>(
        net.node,
        '/v0/state/acs/force',
        {},
      )
    ).record_time;
    await advance(3600);
    taps.alice50 = (await tap(net, 'alice', alice, '50.0')).tree.updateId;
    await advance(7800);
    taps.bob30 = (await tap(net, 'bob', bob, '30.0')).tree.updateId;
    await advance(3 * 3600);
  });
  afterAll(() => net.node.close());

  it('takes a snapshot every three hours of node time as the devnet’s clock moves', async () => {
    expect((await snapshotBefore('2026-01-01T05:59:59Z')).body.record_time).toBe(
      '2026-01-01T03:00:00.000000Z',
    );
    expect((await snapshotBefore('2026-01-01T06:00:00Z')).body.record_time).toBe(
      '2026-01-01T06:00:00.000000Z',
    );
    expect((await snapshotBefore('2026-01-02T00:00:00Z')).body.record_time).toBe(
      '2026-01-01T06:00:00.000000Z',
    );
    const snapshotAfter = (time: string) =>
      scan<{ record_time: string }>(
        net.node,
        `/v0/state/acs/snapshot-timestamp-after?after=${time}&migration_id=0`,
      );
    expect((await snapshotAfter(forced)).body.record_time).toBe('2026-01-01T03:00:00.000000Z');
    expect((await snapshotAfter('2026-01-01T03:00:00Z')).body.record_time).toBe(
      '2026-01-01T06:00:00.000000Z',
    );
    expect((await snapshotAfter('2026-01-01T06:00:00Z')).status).toBe(404);
    expect((await snapshotBefore('2025-12-31T23:00:00Z')).status).toBe(404);
  });

  it('takes a snapshot on demand at the newest update, reported exactly by snapshot-timestamp', async () => {
    expect(forced.startsWith('2026-01-01T00:00:00.')).toBe(true);
    expect((await snapshotBefore(forced)).body.record_time).toBe(forced);
    const page = await holdings('v0', { record_time: forced, owner_party_ids: [alice] });
    expect(amounts(page)).toEqual(['100.0000000000']);
  });

  it('answers holdings as of a snapshot: exact, or the newest at or before a time', async () => {
    const at3 = await holdings('v1', {
      record_time: '2026-01-01T03:00:00Z',
      owner_party_ids: [alice, bob],
    });
    expect(at3.record_time).toBe('2026-01-01T03:00:00.000000Z');
    expect(amounts(at3)).toEqual(['100.0000000000', '50.0000000000']);
    expect(at3.created_events.map((c) => c.created_in_update_id)).toEqual([
      taps.alice100,
      taps.alice50,
    ]);
    expect(at3).not.toHaveProperty('next_page_token');
    const loose = await holdings('v1', {
      record_time: '2026-01-01T05:00:00Z',
      record_time_match: 'at_or_before',
      owner_party_ids: [alice, bob],
    });
    expect(loose).toEqual(at3);
    const at6 = await holdings('v0', {
      record_time: '2026-01-01T06:00:00.000000Z',
      owner_party_ids: [bob],
    });
    expect(amounts(at6)).toEqual(['30.0000000000']);
    expect(at6.created_events[0]?.event_id).toMatch(new RegExp(`^#${taps.bob30}:\\d+$`));
    expect(at6.created_events[0]?.signatories).toEqual([bob, net.dso].sort());
  });

  test.prop([fc.integer({ min: 1, max: 3 }), fc.constantFrom('v0', 'v1')], { numRuns: 6 })(
    'pages holdings in creation order until a page without a next token',
    async (pageSize, version) => {
      const request = { record_time: '2026-01-01T06:00:00Z', owner_party_ids: [bob, alice, bob] };
      const whole = await holdings(version, request);
      const seen: Contract[] = [];
      let after: number | undefined;
      for (;;) {
        const page = await holdings(version, {
          ...request,
          page_size: pageSize,
          ...(after === undefined ? {} : { after }),
        });
        seen.push(...page.created_events);
        expect(page.created_events.length).toBeLessThanOrEqual(pageSize);
        after = page.next_page_token;
        if (after === undefined) break;
      }
      expect(seen).toEqual(whole.created_events);
      expect(amounts(whole)).toEqual(['100.0000000000', '50.0000000000', '30.0000000000']);
    },
  );

  test.prop([fc.integer({ min: 1, max: 40 }), fc.constantFrom('v0', 'v1')], { numRuns: 6 })(
    'pages the whole ACS of a snapshot, and filters it by stakeholder and template',
    async (pageSize, version) => {
      const request = { migration_id: 0, record_time: '2026-01-01T06:00:00Z' };
      const whole = await scanOk<StatePage>(net.node, `/${version}/state/acs`, {
        ...request,
        page_size: 1000,
      });
      const seen: Contract[] = [];
      let after: number | undefined;
      do {
        const page: StatePage = await scanOk<StatePage>(net.node, `/${version}/state/acs`, {
          ...request,
          page_size: pageSize,
          ...(after === undefined ? {} : { after }),
        });
        seen.push(...page.created_events);
        after = page.next_page_token;
      } while (after !== undefined);
      expect(seen).toEqual(whole.created_events);
      expect(new Set(seen.map((c) => c.contract_id)).size).toBe(seen.length);
      const filtered = await scanOk<StatePage>(net.node, `/${version}/state/acs`, {
        ...request,
        page_size: 1000,
        party_ids: [alice],
        templates: [amuletKey],
      });
      expect(amounts(filtered)).toEqual(['100.0000000000', '50.0000000000']);
      const all = whole.created_events.filter(
        (c) =>
          c.template_id.endsWith(':Splice.Amulet:Amulet') &&
          [...c.signatories, ...c.observers].includes(alice),
      );
      expect(filtered.created_events).toEqual(all);
    },
  );

  it('sums holdings by owner, with holding fees as of a round in v0', async () => {
    const request = {
      migration_id: 0,
      record_time: '2026-01-01T03:00:00Z',
      owner_party_ids: [alice, bob],
    };
    const v1 = await scanOk<{ summaries: Array<Record<string, string>> }>(
      net.node,
      '/v1/holdings/summary',
      request,
    );
    expect(v1.summaries).toEqual([
      {
        party_id: alice,
        total_unlocked_coin: '150.0000000000',
        total_locked_coin: '0.0000000000',
        total_coin_holdings: '150.0000000000',
      },
      {
        party_id: bob,
        total_unlocked_coin: '0.0000000000',
        total_locked_coin: '0.0000000000',
        total_coin_holdings: '0.0000000000',
      },
    ]);
    const page = await holdings('v0', {
      record_time: '2026-01-01T03:00:00Z',
      owner_party_ids: [alice],
    });
    const rounds = page.created_events.map((c) =>
      Number(
        (c.create_arguments.amount as unknown as { createdAt: { number: string } }).createdAt
          .number,
      ),
    );
    const asOf = Math.max(...rounds) + 10;
    const v0 = await scanOk<{
      computed_as_of_round: number;
      summaries: Array<Record<string, string>>;
    }>(net.node, '/v0/holdings/summary', { ...request, as_of_round: asOf });
    expect(v0.computed_as_of_round).toBe(asOf);
    // 0.00380518 amulet a round on each amulet since the round it was created in.
    const fee = rounds.reduce((sum, round) => sum + (asOf - round) * 38051800, 0);
    const feeText = `${Math.floor(fee / 1e10)}.${String(fee % 1e10).padStart(10, '0')}`;
    expect(v0.summaries[0]).toMatchObject({
      party_id: alice,
      accumulated_holding_fees_unlocked: feeText,
      accumulated_holding_fees_total: feeText,
    });
    const defaulted = await scanOk<{ computed_as_of_round: number }>(
      net.node,
      '/v0/holdings/summary',
      request,
    );
    expect(defaulted.computed_as_of_round).toBeGreaterThan(0);
  });

  it('exports the contracts a party shares with the DSO as a gzipped, base64 ACS', async () => {
    const { acs_snapshot: snapshot } = await scanOk<{ acs_snapshot: string }>(
      net.node,
      `/v0/acs/${alice}`,
    );
    const lines = gunzipSync(Buffer.from(snapshot, 'base64')).toString('utf8').trim().split('\n');
    const contracts = lines.map((line) => JSON.parse(line) as Contract);
    expect(
      contracts
        .filter((c) => c.template_id.endsWith(':Splice.Amulet:Amulet'))
        .map((c) => c.create_arguments.amount?.initialAmount),
    ).toEqual(['100.0000000000', '50.0000000000']);
    for (const c of contracts)
      expect([...c.signatories, ...c.observers]).toEqual(expect.arrayContaining([alice, net.dso]));
    const early = await scanOk<{ acs_snapshot: string }>(
      net.node,
      `/v0/acs/${alice}?record_time=${forced}`,
    );
    const earlyLines = gunzipSync(Buffer.from(early.acs_snapshot, 'base64'))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(earlyLines).toHaveLength(1);
  });

  it('refuses bad requests with 400 and missing snapshots with 404', async () => {
    const base = { migration_id: 0, record_time: '2026-01-01T03:00:00Z', page_size: 10 };
    expect(
      await scanError(net.node, '/v0/holdings/state', 400, { ...base, owner_party_ids: [] }),
    ).toMatch(/at least one/);
    await scanError(net.node, '/v1/holdings/state', 400, {
      ...base,
      page_size: 0,
      owner_party_ids: [alice],
    });
    await scanError(net.node, '/v1/holdings/state', 400, {
      ...base,
      record_time: 'noon',
      owner_party_ids: [alice],
    });
    await scanError(net.node, '/v1/holdings/state', 400, {
      ...base,
      after: -1,
      owner_party_ids: [alice],
    });
    await scanError(net.node, '/v1/holdings/state', 400, {
      migration_id: 0,
      owner_party_ids: [alice],
    });
    await scanError(net.node, '/v1/holdings/state', 404, {
      ...base,
      record_time: '2026-01-01T03:00:01Z',
      owner_party_ids: [alice],
    });
    await scanError(net.node, '/v1/holdings/state', 404, {
      ...base,
      migration_id: 1,
      owner_party_ids: [alice],
    });
    await scanError(net.node, '/v0/holdings/state', 404, {
      ...base,
      record_time: '2025-12-31T00:00:00Z',
      record_time_match: 'at_or_before',
      owner_party_ids: [alice],
    });
    await scanError(net.node, '/v1/state/acs', 400, {
      ...base,
      templates: ['Splice.Amulet:Amulet'],
    });
    await scanError(net.node, '/v0/state/acs', 400, { ...base, page_size: 1001 });
    await scanError(net.node, '/v0/state/acs', 404, {
      ...base,
      record_time: '2026-01-01T02:00:00Z',
    });
    await scanError(net.node, '/v1/holdings/summary', 400, {
      migration_id: 0,
      record_time: '2026-01-01T03:00:00Z',
      owner_party_ids: [],
    });
    await scanError(net.node, '/v0/holdings/summary', 404, {
      migration_id: 0,
      record_time: '2026-01-01T03:00:01Z',
      owner_party_ids: [alice],
    });
    await scanError(net.node, '/v0/state/acs/snapshot-timestamp?before=soon&migration_id=0', 400);
    await scanError(net.node, '/v0/state/acs/snapshot-timestamp?before=2026-01-01T03:00:00Z', 400);
    await scanError(net.node, '/v0/state/acs/snapshot-timestamp-after?after=x&migration_id=0', 400);
    // The spec gives /v0/acs/{party} no error responses; a malformed party is still a 400.
    const malformed = await fetch(`${net.node.url}/api/scan/v0/acs/not-a-party`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'Invalid party id: not-a-party' });
  });
});
