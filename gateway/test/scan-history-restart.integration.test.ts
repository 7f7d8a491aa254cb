import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './ledger-fixtures.ts';
import { scanOk, wholeHistory } from './scan-history-fixtures.ts';
import { startTestNode } from './test-node.ts';

// Scan's history is a projection of the journal: a restarted node serves the same updates,
// with the same record times, and the same scheduled ACS snapshots.

describe('Scan’s history across a restart', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pocketnet-scan-restart-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves the same history and snapshots from the replayed journal', async () => {
    const first = await startTestNode({ dataDir: dir, devnet: true });
    await json(
      await first.call('/api/devnet/v0/time/advance', { body: { seconds: 3 * 3600 + 1800 } }),
    );
    const read = async (node: typeof first) => ({
      history: await wholeHistory(node, 50),
      snapshot: await scanOk<{ record_time: string }>(
        node,
        '/v0/state/acs/snapshot-timestamp?before=2026-01-02T00:00:00Z&migration_id=0',
      ),
      acs: await scanOk(node, '/v1/state/acs', {
        migration_id: 0,
        record_time: '2026-01-01T03:00:00Z',
        page_size: 1000,
      }),
      info: await scanOk(node, '/v0/backfilling/migration-info', { migration_id: 0 }),
    });
    const before = await read(first);
    expect(before.snapshot.record_time).toBe('2026-01-01T03:00:00.000000Z');
    await first.close();
    const second = await startTestNode({ dataDir: dir, devnet: true });
    try {
      const after = await read(second);
      expect(after.history.length).toBeGreaterThan(20);
      expect(after).toEqual(before);
    } finally {
      await second.close();
    }
  });
});
