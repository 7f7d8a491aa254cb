import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './ledger-fixtures.ts';
import { scan, scanOk, type UpdateItem, wholeHistory } from './scan-history-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// A migration of the global synchronizer, scheduled with the devnet control: at its time the
// node moves to the next migration id, re-imports every active contract as an import update,
// and keeps the history before readable under the migration id it had.

type ContractEntry = {
  contractEntry: {
    JsActiveContract?: { createdEvent: { contractId: string; createArgument: unknown } };
  };
};

/** Every active contract (id → payload), read by a user that may read as any party. */
async function allContracts(node: TestNode): Promise<Map<string, unknown>> {
  const ledgerEnd = (await json<{ offset: number }>(await node.call('/v2/state/ledger-end')))
    .offset;
  const entries = await json<ContractEntry[]>(
    await node.call('/v2/state/active-contracts', {
      user: 'reader',
      body: { activeAtOffset: ledgerEnd, eventFormat: { filtersForAnyParty: {} } },
    }),
  );
  return new Map(
    entries.flatMap(({ contractEntry }) => {
      const created = contractEntry.JsActiveContract?.createdEvent;
      return created ? [[created.contractId, created.createArgument] as const] : [];
    }),
  );
}

const balance = async (node: TestNode) =>
  json<Record<string, unknown>>(
    await node.call('/api/validator/v0/wallet/balance', { user: 'administrator' }),
  );

const nowOf = async (node: TestNode) =>
  (await json<{ now: string }>(await node.call('/api/devnet/v0/time'))).now;

type ImportItem = UpdateItem & {
  events_by_id: Record<string, { contract_id: string; create_arguments: unknown }>;
};

async function importUpdates(node: TestNode, migrationId: number): Promise<ImportItem[]> {
  const items: ImportItem[] = [];
  for (;;) {
    const page = await scanOk<{ transactions: ImportItem[] }>(
      node,
      '/v0/backfilling/import-updates',
      {
        migration_id: migrationId,
        after_update_id: items.at(-1)?.update_id ?? '',
        limit: 7,
      },
    );
    items.push(...page.transactions);
    if (page.transactions.length < 7) return items;
  }
}

describe('a migration of the global synchronizer', () => {
  let dataDir = '';
  let node: TestNode;
  let before: { contracts: Map<string, unknown>; balance: unknown; history: UpdateItem[] };
  let migrationTime = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pocketnet-migration-'));
    node = await startTestNode({ devnet: true, dataDir });
    const rights = [{ kind: { CanReadAsAnyParty: { value: {} } } }];
    await json(
      await node.call('/v2/users', { body: { user: { id: 'reader', primaryParty: '' }, rights } }),
    );
    await json(await node.call('/api/devnet/v0/time/advance', { body: { seconds: 1800 } }));
  });
  afterAll(async () => {
    await node.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is scheduled, and at its time moves the node to migration 1, keeping every contract and balance', async () => {
    migrationTime = new Date(Date.parse(await nowOf(node)) + 1000)
      .toISOString()
      .replace('Z', '000Z');
    await json(
      await node.call('/api/devnet/v0/migrations/schedule', {
        body: { time: migrationTime, migration_id: 1 },
      }),
    );
    expect(await scanOk(node, '/v0/migrations/schedule')).toEqual({
      time: migrationTime,
      migration_id: 1,
    });
    before = {
      contracts: await allContracts(node),
      balance: await balance(node),
      history: await wholeHistory(node),
    };
    expect(before.contracts.size).toBeGreaterThan(5);
    await json(await node.call('/api/devnet/v0/time/advance', { body: { seconds: 1 } }));
    expect((await scan(node, '/v0/migrations/schedule')).status).toBe(404);
    expect(await scanOk(node, '/v0/migrations/last')).toEqual({ migration_id: 1 });
    expect(await allContracts(node)).toEqual(before.contracts);
    expect(await balance(node)).toEqual(before.balance);
  });

  it('re-imports every active contract as an import update of migration 1', async () => {
    const imported = await importUpdates(node, 1);
    expect(imported).toHaveLength(before.contracts.size);
    const ids = imported.map((item) => item.update_id);
    expect(ids).toEqual([...ids].sort());
    const contracts = new Map(
      imported.flatMap((item) =>
        Object.values(item.events_by_id).map(
          (event) => [event.contract_id, event.create_arguments] as const,
        ),
      ),
    );
    expect([...contracts.keys()].sort()).toEqual([...before.contracts.keys()].sort());
    expect(
      imported.every(
        (item) => item.migration_id === 1 && item.record_time.startsWith('0001-01-01'),
      ),
    ).toBe(true);
    expect(await importUpdates(node, 0)).toEqual([]);
  });

  it('keeps the history before under migration 0, and records what follows under migration 1', async () => {
    await json(await node.call('/api/devnet/v0/time/advance', { body: { seconds: 1800 } }));
    const history = await wholeHistory(node, 10);
    expect(history.slice(0, before.history.length)).toEqual(before.history);
    const after = history.slice(before.history.length);
    expect(after.length).toBeGreaterThan(0);
    expect(before.history.every((item) => item.migration_id === 0)).toBe(true);
    expect(after.every((item) => item.migration_id === 1)).toBe(true);
    const info0 = await scanOk<Record<string, unknown>>(node, '/v0/backfilling/migration-info', {
      migration_id: 0,
    });
    expect(info0).not.toHaveProperty('previous_migration_id');
    expect(info0.record_time_range).toEqual([
      {
        synchronizer_id: node.node.identity.synchronizerId,
        min: before.history[0]?.record_time,
        max: before.history.at(-1)?.record_time,
      },
    ]);
    const imported = await importUpdates(node, 1);
    const info1 = await scanOk<Record<string, unknown>>(node, '/v0/backfilling/migration-info', {
      migration_id: 1,
    });
    expect(info1).toEqual({
      previous_migration_id: 0,
      record_time_range: [
        {
          synchronizer_id: node.node.identity.synchronizerId,
          min: after[0]?.record_time,
          max: after.at(-1)?.record_time,
        },
      ],
      last_import_update_id: imported.at(-1)?.update_id,
      complete: true,
      import_updates_complete: true,
    });
  });

  it('replays the migration on restart: the same migration ids, history and import updates', async () => {
    const history = await wholeHistory(node);
    const imported = await importUpdates(node, 1);
    await node.close();
    node = await startTestNode({ devnet: true, dataDir });
    expect(await scanOk(node, '/v0/migrations/last')).toEqual({ migration_id: 1 });
    expect(await wholeHistory(node)).toEqual(history);
    expect(await importUpdates(node, 1)).toEqual(imported);
  });
});
