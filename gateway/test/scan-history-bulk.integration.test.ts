import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  scan,
  scanError,
  scanOk,
  startScanNode,
  type UpdateItem,
  wholeHistory,
} from './scan-history-fixtures.ts';

// Bulk storage the node serves itself: ACS snapshots and the update history as downloadable
// objects with sha256 digests; 404 without a snapshot, 501 when turned off.

type ObjectRef = { url: string; digest: string };

const download = async (ref: ObjectRef) => {
  const response = await fetch(ref.url);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(ref.digest);
  return bytes
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
};

describe('bulk storage of Scan', () => {
  let net: Awaited<ReturnType<typeof startScanNode>>;

  beforeAll(async () => {
    net = await startScanNode({ scan: { history: { bulkObjectSize: 7 } } });
    const advance = await fetch(`${net.url}/api/devnet/v0/time/advance`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await net.adminToken()}` },
      body: JSON.stringify({ seconds: 3600 }),
    });
    expect(advance.status).toBe(200);
  });
  afterAll(() => net.close());

  it('has no ACS snapshot to offer before one is taken', async () => {
    expect(
      await scanError(
        net,
        '/v0/history/bulk/acs?at_or_before_record_time=2030-01-01T00:00:00Z',
        404,
      ),
    ).toMatch(/No ACS snapshot/);
  });

  it('offers the newest snapshot at or before a time, whose objects download with their digests', async () => {
    const forced = await scanOk<{ record_time: string }>(net, '/v0/state/acs/force', {});
    const listed = await scanOk<{ record_time: string; object_refs: ObjectRef[] }>(
      net,
      '/v0/history/bulk/acs?at_or_before_record_time=2030-01-01T00:00:00Z',
    );
    expect(listed.record_time).toBe(forced.record_time);
    expect(listed.object_refs.length).toBeGreaterThan(1);
    const contracts = (await Promise.all(listed.object_refs.map(download))).flat();
    const acs = await scanOk<{ created_events: unknown[] }>(net, '/v1/state/acs', {
      migration_id: 0,
      record_time: forced.record_time,
      page_size: 1000,
    });
    expect(contracts).toEqual(acs.created_events);
    const again = await scanOk<{ object_refs: ObjectRef[] }>(
      net,
      `/v0/history/bulk/acs?at_or_before_record_time=${forced.record_time}`,
    );
    expect(again.object_refs).toEqual(listed.object_refs);
    await scanError(net, '/v0/history/bulk/acs?at_or_before_record_time=2025-01-01T00:00:00Z', 404);
    const bad = await fetch(
      `${net.url}/api/scan/v0/history/bulk/acs?at_or_before_record_time=tomorrow`,
    );
    expect(bad.status).toBe(400);
  });

  it('offers the update history as pages of objects holding every update of a range', async () => {
    const history = await wholeHistory(net);
    expect(history.length).toBeGreaterThan(14);
    const refs: ObjectRef[] = [];
    let token: string | undefined;
    do {
      const page: { object_refs: ObjectRef[]; next_page_token?: string } = await scanOk(
        net,
        '/v0/history/bulk/updates',
        {
          start_record_time: '2000-01-01T00:00:00Z',
          end_record_time: '2030-01-01T00:00:00Z',
          page_size: 2,
          ...(token ? { next_page_token: token } : {}),
        },
      );
      expect(page.object_refs.length).toBeLessThanOrEqual(2);
      refs.push(...page.object_refs);
      token = page.next_page_token;
    } while (token);
    expect(refs).toHaveLength(Math.ceil(history.length / 7));
    const updates = (await Promise.all(refs.map(download))).flat() as UpdateItem[];
    expect(updates).toEqual(history);
    // A narrower range needs only the objects that hold it.
    const middle = history[10] as UpdateItem;
    const narrow = await scanOk<{ object_refs: ObjectRef[] }>(net, '/v0/history/bulk/updates', {
      start_record_time: history[9]?.record_time,
      end_record_time: middle.record_time,
      page_size: 10,
    });
    expect(narrow.object_refs).toEqual([refs[1]]);
    const missing = await fetch(
      `${net.url}/api/scan/v0/history/bulk/download/updates-0-0-8.ndjson`,
    );
    expect(missing.status).toBe(404);
    const reversed = await fetch(`${net.url}/api/scan/v0/history/bulk/updates`, {
      method: 'POST',
      body: JSON.stringify({
        start_record_time: '2030-01-01T00:00:00Z',
        end_record_time: '2000-01-01T00:00:00Z',
        page_size: 1,
      }),
    });
    expect(reversed.status).toBe(400);
  });
});

describe('a Scan with bulk storage and forced snapshots turned off', () => {
  let net: Awaited<ReturnType<typeof startScanNode>>;

  beforeAll(async () => {
    net = await startScanNode({
      scan: { history: { bulkStorage: false, forcedAcsSnapshots: false } },
    });
  });
  afterAll(() => net.close());

  it('answers the bulk operations with 501 and a forced snapshot with 400', async () => {
    await scanError(net, '/v0/history/bulk/acs?at_or_before_record_time=2030-01-01T00:00:00Z', 501);
    const updates = await scan(net, '/v0/history/bulk/updates', {
      start_record_time: '2000-01-01T00:00:00Z',
      end_record_time: '2030-01-01T00:00:00Z',
      page_size: 1,
    });
    expect(updates.status).toBe(501);
    expect(await scanError(net, '/v0/state/acs/force', 400, {})).toBe(
      'Forced ACS snapshots are disabled.',
    );
  });
});
