import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, json } from './ledger-fixtures.ts';
import { scan, scanError, scanOk, type UpdateItem, wholeHistory } from './scan-history-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// Migrations and backfilling in Scan, the synchronizer-upgrade operations of a node whose
// synchronizer never migrated, and the devnet control that schedules a migration.

describe('migrations and backfilling in Scan', () => {
  let node: TestNode;
  let history: UpdateItem[];

  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
    await json(await node.call('/api/devnet/v0/time/advance', { body: { seconds: 1800 } }));
    history = await wholeHistory(node);
    await createUser(node, 'nobody', []);
  });
  afterAll(() => node.close());

  it('describes migration 0: its synchronizer’s record time range, complete, no predecessor', async () => {
    const info = await scanOk(node, '/v0/backfilling/migration-info', { migration_id: 0 });
    expect(info).toEqual({
      record_time_range: [
        {
          synchronizer_id: node.node.identity.synchronizerId,
          min: history[0]?.record_time,
          max: history.at(-1)?.record_time,
        },
      ],
      complete: true,
      import_updates_complete: true,
    });
    expect(await scanError(node, '/v0/backfilling/migration-info', 404, { migration_id: 1 })).toBe(
      'No data for migration 1',
    );
    const bad = await fetch(`${node.url}/api/scan/v0/backfilling/migration-info`, {
      method: 'POST',
      body: '{}',
    });
    expect(bad.status).toBe(400);
  });

  it('gives the updates before a time, newest first, losslessly encoded, for backfilling', async () => {
    const last = history.at(-1) as UpdateItem;
    const body = {
      migration_id: 0,
      synchronizer_id: node.node.identity.synchronizerId,
      before: last.record_time,
      count: 3,
    };
    const page = await scanOk<{ transactions: UpdateItem[] }>(
      node,
      '/v0/backfilling/updates-before',
      body,
    );
    expect(page.transactions.map((t) => t.update_id)).toEqual(
      history
        .slice(-4, -1)
        .reverse()
        .map((t) => t.update_id),
    );
    expect(page.transactions[0]?.offset).toBe('000000000000000001');
    const created = Object.values(page.transactions[0]?.events_by_id ?? {}).find(
      (e) => e.create_arguments,
    );
    if (created) expect(created.create_arguments).toHaveProperty('record');
    const bounded = await scanOk<{ transactions: UpdateItem[] }>(
      node,
      '/v0/backfilling/updates-before',
      {
        ...body,
        count: 1000,
        at_or_after: history.at(-3)?.record_time,
      },
    );
    expect(bounded.transactions.map((t) => t.update_id)).toEqual(
      history
        .slice(-3, -1)
        .reverse()
        .map((t) => t.update_id),
    );
    const other = await scanOk<{ transactions: unknown[] }>(
      node,
      '/v0/backfilling/updates-before',
      {
        ...body,
        synchronizer_id: 'other::1220',
      },
    );
    expect(other.transactions).toEqual([]);
    const none = await scanOk(node, '/v0/backfilling/import-updates', {
      migration_id: 0,
      after_update_id: '',
      limit: 10,
    });
    expect(none).toEqual({ transactions: [] });
    expect(await scanOk(node, '/v0/backfilling/status')).toEqual({ complete: true });
    // The spec gives these no 400; a malformed request still gets one, with Splice's body.
    for (const [path, request] of [
      ['/v0/backfilling/updates-before', { ...body, count: 0 }],
      ['/v0/backfilling/updates-before', { ...body, before: 'now' }],
      ['/v0/backfilling/import-updates', { migration_id: 0, after_update_id: '', limit: 0 }],
    ] as const) {
      const response = await fetch(`${node.url}/api/scan${path}`, {
        method: 'POST',
        body: JSON.stringify(request),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
  });

  it('reports no scheduled migration until a devnet admin schedules one', async () => {
    const absent = await scan(node, '/v0/migrations/schedule');
    expect(absent).toEqual({ status: 404, body: undefined });
    const time = '2026-02-01T00:00:00.000000Z';
    const refused = await node.call('/api/devnet/v0/migrations/schedule', {
      user: 'nobody',
      body: { time, migration_id: 1 },
    });
    expect(refused.status).toBe(403);
    for (const bad of [
      { time, migration_id: 0 },
      { time: '2025-01-01T00:00:00Z', migration_id: 1 },
      { time: 'later', migration_id: 1 },
    ]) {
      const response = await node.call('/api/devnet/v0/migrations/schedule', { body: bad });
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty('error');
    }
    const scheduled = await node.call('/api/devnet/v0/migrations/schedule', {
      body: { time, migration_id: 1 },
    });
    expect(await json(scheduled)).toEqual({ time, migration_id: 1 });
    expect(await scanOk(node, '/v0/migrations/schedule')).toEqual({ time, migration_id: 1 });
    const cancelled = await node.call('/api/devnet/v0/migrations/schedule', { method: 'DELETE' });
    expect(cancelled.status).toBe(204);
    expect((await scan(node, '/v0/migrations/schedule')).status).toBe(404);
  });

  it('answers the synchronizer-upgrade operations of a synchronizer never upgraded', async () => {
    expect(await scanOk(node, '/v0/migrations/last')).toEqual({ migration_id: 0 });
    expect(await scanOk(node, '/v0/active-synchronizer-serial')).toEqual({ serial: 0 });
    expect(await scanOk(node, '/v0/lsu')).toEqual({});
    expect(await scanOk(node, '/v0/roll-forward-lsu')).toEqual({});
    expect(await scanOk(node, '/v0/feature-support')).toEqual({});
  });
});
