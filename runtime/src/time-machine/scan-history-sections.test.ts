import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  prepareUsers,
  randomSteps,
  seededRandom,
  undoStartMicros,
} from '../../testing/undo-workload.test-helper.ts';
import { defaultDevnetConfig } from '../devnet/start-devnet.ts';
import type { PocketnetNode } from '../node/create-node.ts';
import { formatScanTime } from '../scan/history/scan-time.ts';
import type { HistoryItem } from '../scan/history/update-history.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { sectionsThreeWays, type ThreeWays } from './sections-harness.ts';

const secondMicros = 1_000_000n;
const minuteMicros = 60n * secondMicros;
const intervalMicros = 17n * minuteMicros;
const rethrow = (error: unknown) => {
  throw error;
};

// The update log's section (sec-core): scan's history reads its records there, so its reads
// can only be compared on a restored node once the update log is restored too.
const updateLogSection = 'projections.update-log';
const isScanHistory = (name: string) => name.startsWith('scan.history.');

// A devnet as the undo tests run it, snapshots every 17 minutes of node time (so that the
// steps' time moves pass several, and not where the rounds' ticks are), and bulk objects small
// enough to be many.
const config = {
  devnet: defaultDevnetConfig,
  scan: { history: { acsSnapshotIntervalMicros: intervalMicros, bulkObjectSize: 7 } },
  startMicros: undoStartMicros,
  participantName: 'participant1',
  synchronizerName: 'global-domain',
  ledgerApiVersion: '3.4.12',
  onBackgroundError: rethrow,
};

/**
 * Taps, offers, acceptances and time moved, a migration of the synchronizer half way; snapshots
 * forced now and then, which no replay takes.
 */
async function scenario(node: PocketnetNode): Promise<void> {
  const controls = node.devnet?.controls;
  if (!controls) throw new Error('no devnet');
  await prepareUsers(node);
  const steps = randomSteps(seededRandom(11), 40);
  for (const [index, step] of steps.entries()) {
    await step.run(node);
    if (index % 9 === 4) node.scan.history.state.force();
    if (index === 20) {
      // A second after a snapshot boundary: the clock passes the boundary, then migrates.
      const now = node.clock.nowMicros();
      const at = (now / intervalMicros + 1n) * intervalMicros + secondMicros;
      const time = formatScanTime(Number(at));
      node.scan.history.migrations.scheduleMigration(unrestrictedCaller, { time, migrationId: 1 });
      await controls.advanceTime(unrestrictedCaller, at - now + minuteMicros);
    }
  }
  // Time moved past boundaries no transaction has passed: the clock took their snapshots.
  await controls.advanceTime(unrestrictedCaller, 50n * minuteMicros);
}

/** Scan's history as pages of `pageSize` updates, each page after the last one's newest. */
function historyPages(node: PocketnetNode, pageSize: number): (readonly HistoryItem[])[] {
  const { updates } = node.scan.history;
  let page = updates.page({ after: null, pageSize });
  const pages = [page.items];
  for (let newest = page.items.at(-1); page.full && newest; newest = page.items.at(-1)) {
    const recordTime = formatScanTime(newest.recordTimeMicros);
    page = updates.page({ after: { migrationId: newest.migrationId, recordTime }, pageSize });
    pages.push(page.items);
  }
  return pages;
}

/** A snapshot's migration id, and a record time at or after it. */
type SnapshotTime = readonly [migrationId: number, micros: number];

function snapshotReads(node: PocketnetNode, times: readonly SnapshotTime[]) {
  const { state, bulk } = node.scan.history;
  return times.map(([migrationId, micros]) => {
    const recordTime = formatScanTime(micros);
    const request = { migrationId, recordTime, match: 'at_or_before' as const };
    const acs = state.acs({
      ...request,
      after: null,
      pageSize: 50,
      partyIds: null,
      templates: null,
    });
    const objects = bulk.acsSnapshot(recordTime).objects;
    return {
      before: state.snapshotBefore(recordTime, migrationId),
      after: state.snapshotAfter(formatScanTime(micros - 2), migrationId),
      acs: { snapshot: acs.snapshot, name: acs.name, page: acs.read() },
      bulk: objects.map((object) => (object.kind === 'acs' ? object.entries() : [])),
    };
  });
}

/** What scan's history answers: updates, single updates, snapshots, transactions, migrations. */
function historyReads(node: PocketnetNode, snapshotTimes: readonly SnapshotTime[]) {
  const { updates, migrations, bulk } = node.scan.history;
  const all = historyPages(node, 1000).flat();
  const transactions = updates.transactions({
    pageEndEventId: null,
    descending: false,
    pageSize: 1000,
  });
  const middle = transactions[Math.floor(transactions.length / 2)];
  const first = all[0]?.record.updateId ?? '';
  const last = all.at(-1)?.record.updateId ?? '';
  return {
    pages: historyPages(node, 7),
    byId: [updates.item(first), updates.item(last)],
    transactions,
    transactionsBefore: updates.transactions({
      pageEndEventId: middle?.eventId ?? null,
      descending: true,
      pageSize: 10,
    }),
    migrations: [migrations.info(0), migrations.info(1), migrations.last()],
    imports: updates.importUpdates({ migrationId: 1, afterUpdateId: '', limit: 1000 }),
    snapshots: snapshotReads(node, snapshotTimes),
    bulkUpdates: bulk
      .updateObjects({
        start: formatScanTime(0),
        end: formatScanTime(Number(node.clock.nowMicros())),
        pageSize: 100,
        token: null,
      })
      .objects.map((object) => (object.kind === 'updates' ? object.items() : [])),
  };
}

describe("scan's history sections", () => {
  let ways: ThreeWays;
  beforeAll(async () => {
    ways = await sectionsThreeWays(config, scenario, {
      only: (name) => isScanHistory(name) || name === updateLogSection,
    });
  }, 120_000);
  afterAll(async () => {
    await ways.nodes.replayed.close();
    await ways.nodes.restored.close();
  });

  it('saves the same live, replayed and restored', () => {
    const names = Object.keys(ways.live).filter(isScanHistory);
    expect(names.sort()).toEqual([
      'scan.history.acs-snapshots',
      'scan.history.external-hashes',
      'scan.history.imports',
      'scan.history.transactions',
      'scan.history.updates',
    ]);
    const snapshots = ways.live['scan.history.acs-snapshots'] as { snapshots: number[][] };
    const migrationIds = new Set(snapshots.snapshots.map(([migrationId]) => migrationId));
    expect([...migrationIds]).toEqual([0, 1]);
    const updates = ways.live['scan.history.updates'] as { segments: unknown[] };
    expect(updates.segments).toHaveLength(2);
    expect(ways.live['scan.history.imports']).toHaveLength(1);
    expect((ways.live['scan.history.transactions'] as unknown[]).length).toBeGreaterThan(5);
    expect(ways.replayed).toEqual(ways.live);
    expect(ways.restored).toEqual(ways.live);
  });

  it('answers every read of the history the same on the replayed and restored nodes', (context) => {
    // Until the update log has its section, a restored node has no records to read.
    if (!(updateLogSection in ways.live)) context.skip();
    const { replayed, restored } = ways.nodes;
    const saved = ways.live['scan.history.acs-snapshots'] as {
      snapshots: [number, number, number][];
    };
    const times = saved.snapshots.map(
      ([migrationId, time]): SnapshotTime => [migrationId, time + 1],
    );
    const reads = historyReads(replayed, times);
    expect(reads.pages.length).toBeGreaterThan(10);
    expect(reads.transactions.length).toBeGreaterThan(5);
    expect(reads.snapshots.at(-1)?.acs.page.entries.length).toBeGreaterThan(10);
    expect(reads.imports.length).toBeGreaterThan(10);
    expect(historyReads(restored, times)).toEqual(reads);
  });
});
