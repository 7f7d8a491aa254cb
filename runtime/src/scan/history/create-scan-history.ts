import { DomainError } from '@pocketnet/ledger';
import type { PocketnetNodeCore } from '../../node/node-core.ts';
import { accessOf, type Caller, requireAdmin } from '../../services/caller.ts';
import { isMigrationRecord } from '../../synchronizers/synchronizers.projection.ts';
import { createAcsEntries } from './acs-entries.ts';
import { createAcsSnapshots } from './acs-snapshots.ts';
import { createBulkStorage } from './bulk-storage.ts';
import { createEventValueTypes } from './event-value-types.ts';
import { createExternalHashes } from './external-hashes.ts';
import { createHistoryReads } from './history-reads.ts';
import { createImportUpdates } from './import-updates.ts';
import { createMigrations } from './migrations.ts';
import { createPartyAcs } from './party-acs.ts';
import {
  defaultAcsSnapshotIntervalMicros,
  type ScanHistoryOptions,
} from './scan-history-options.ts';
import { recordTimeMicros } from './scan-time.ts';
import { createStateReads } from './state-reads.ts';
import { createTransactionLog } from './transaction-log.ts';
import { createUpdateHistory, externalHashOf, type HistoryRecord } from './update-history.ts';

const openMiningRound = '#splice-amulet:Splice.Round:OpenMiningRound';

/** The migration id of this node's synchronizer; a migration would start the next one. */
const initialMigrationId = 0;

/**
 * Scan's history: every transaction of the synchronizer by migration id and record time, ACS
 * snapshots on the node clock's schedule, and bulk objects of both. Created before the journal
 * replay, so its projections see every record.
 */
export function createScanHistory(core: PocketnetNodeCore, options: ScanHistoryOptions = {}) {
  const { undo } = core;
  // How many rollbacks took back updates or snapshots: positions and times they held may then
  // name others, so what a reader keeps by them (the gateway's rendered pages) is stale.
  const rollbacks = { count: 0 };
  const countRollback = () => {
    rollbacks.count += 1;
  };
  const rolledBack = () => undo.afterRollback(countRollback);
  const recordAt = (offset: number): HistoryRecord | undefined => {
    const record = core.updateLog.byOffset(offset);
    return record?.type === 'transaction' || record?.type === 'reassignment' ? record : undefined;
  };
  const history = createUpdateHistory({ initialMigrationId, undo, recordAt });
  const acs = createAcsEntries(core);
  const interval = options.acsSnapshotIntervalMicros ?? defaultAcsSnapshotIntervalMicros;
  if (interval <= 0n) throw new Error('the ACS snapshot interval must be positive');
  const snapshots = createAcsSnapshots({
    intervalMicros: Number(interval),
    acs,
    history,
    clock: core.clock,
    undo,
    rolledBack,
  });
  const transactionLog = createTransactionLog({ undo, updateLog: core.updateLog });
  const externalHashes = createExternalHashes({ undo, recordAt });
  const imports = createImportUpdates({ undo, createdAt: (key) => acs.entryAt(key)?.node });
  // A migration of the global synchronizer: later updates belong to the next migration id,
  // and every contract on that synchronizer is re-imported there.
  const migrate = (migrationId: number, synchronizerId: string) => {
    history.startMigration(migrationId);
    const location = core.synchronizers?.state.locationOf;
    imports.importAll(
      migrationId,
      core.activeContracts
        .visibleTo(null)
        .filter(
          (entry) =>
            (location?.(entry.node.contractId).synchronizerId ?? synchronizerId) === synchronizerId,
        )
        .map((entry) => ({ node: entry.node, offset: entry.offset, synchronizerId })),
    );
  };
  // Every transaction in commit order (after the node's own projections applied it): its
  // record time, and the snapshots of the boundaries it passed. Reassignments change no
  // contract's activeness, so they pass no snapshot boundary of their own.
  core.records$.subscribe((record) => {
    undo.record(rolledBack);
    if (record.type === 'reassignment') history.append(record, snapshots.floor());
    if (isMigrationRecord(record)) {
      snapshots.passMigration(recordTimeMicros(record.recordTime));
      migrate(record.change.migrationId, record.change.synchronizerId);
    }
    if (record.type !== 'transaction') return;
    snapshots.passTo(history.append(record, snapshots.floor()), record);
    transactionLog.apply(record);
    const hash = externalHashOf(record);
    if (hash !== null) externalHashes.add(hash, record);
  });
  const requireDevnetAdmin = (caller: Caller) => {
    requireAdmin(accessOf(caller, core.participant));
    if (core.devnetParties() === null) {
      throw new DomainError('PERMISSION_DENIED', 'Migrations can only be scheduled on a devnet');
    }
  };
  return {
    /** Changes after each rollback that took back history: caches keyed by position drop all. */
    rollbacks: (): number => rollbacks.count,
    /** Scheduler tasks: the devnet's time machine takes snapshots as it moves time. */
    dueTasks: [snapshots.dueTask],
    updates: createHistoryReads({
      history,
      updateLog: core.updateLog,
      transactionLog,
      externalHashes,
      imports,
    }),
    /** The participant whose mediator verdicts the history reports. */
    participantUid: core.identity.participantId,
    /** The Daml types of the history's values, for encodings that need them. */
    valueTypes: createEventValueTypes(core.packages),
    state: createStateReads({
      snapshots,
      acs,
      // Resolved when asked: under `--splice-dars`, Splice's own package uploaded after this.
      openRounds: () =>
        core.watched.active(core.packages.resolveTemplate(openMiningRound).templateId),
      catalog: core.catalog,
      forcedSnapshots: options.forcedAcsSnapshots ?? true,
    }),
    partyAcs: createPartyAcs({
      history,
      updateLog: core.updateLog,
      dsoParty: () => core.devnetParties()?.dso ?? null,
    }),
    migrations: createMigrations({
      history,
      clock: core.clock,
      requireDevnetAdmin,
      imports,
      undo,
    }),
    bulk: createBulkStorage({
      enabled: options.bulkStorage ?? true,
      objectSize: options.bulkObjectSize ?? 10_000,
      snapshots,
      acs,
      history,
    }),
    /** The physical synchronizer's serial: this synchronizer was never upgraded in place. */
    activeSynchronizerSerial: () => ({ serial: 0 }),
  };
}

export type ScanHistory = ReturnType<typeof createScanHistory>;
