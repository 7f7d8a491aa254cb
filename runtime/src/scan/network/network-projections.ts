import { performance } from 'node:perf_hooks';
import type { JournalRecord } from '@pocketnet/ledger';
import { trafficModel } from '../../automation/traffic-meter.ts';
import type { PocketnetNodeCore } from '../../node/node-core.ts';
import { createJournalCounter } from '../journal-locations.ts';
import { dsoPartyOf } from './dso-state.ts';
import { createNetworkContracts } from './network-contracts.projection.ts';
import { createReferenceCache } from './network-references.ts';
import { createScanHealth } from './node-status.ts';
import { createRoundActivity } from './round-activity.projection.ts';
import { createTransferCommands } from './transfer-commands.projection.ts';

const trafficCostOf = (events: number) =>
  trafficModel.perTransactionBytes + trafficModel.perEventBytes * BigInt(events);

/**
 * The section `scan.network.totals`: how many journal records Scan has seen (the index of the
 * next), when the network began, the traffic consumed and a projection's failure.
 */
type SavedTotals = {
  readonly journalRecords: number;
  readonly genesisTime: string | null;
  readonly consumedTraffic: string;
  readonly failure: string | null;
};

/**
 * Scan's projections of the update bus, subscribed before the journal is replayed: the
 * network's contracts, the rounds' history, transfer commands, when the network began and
 * what this participant's transactions cost in traffic (the validator's traffic model). A
 * record that cannot be projected marks Scan failed, and the bus goes on.
 */
export function createNetworkProjections(core: PocketnetNodeCore) {
  const references = createReferenceCache();
  const { undo } = core;
  const contracts = createNetworkContracts(undo, references);
  const history = createRoundActivity(undo, references);
  const commands = createTransferCommands(undo, references);
  const journal = createJournalCounter(undo);
  const startedAt = performance.now();
  const totals: { genesisTime: string | null; consumedTraffic: bigint } = {
    genesisTime: null,
    consumedTraffic: 0n,
  };
  const health = createScanHealth({
    id: () => (dsoPartyOf(contracts) === null ? null : core.identity.participantId),
    uptimeMillis: () => performance.now() - startedAt,
    undo,
  });
  const apply = (record: JournalRecord) => {
    const journalIndex = journal.next();
    try {
      if (record.type === 'reassignment') {
        const synchronizerId = record.kind === 'unassign' ? null : record.target;
        for (const event of record.events) contracts.relocate(event.contractId, synchronizerId);
      }
      if (record.type !== 'transaction') return;
      if (totals.genesisTime === null) undo.assign(totals, 'genesisTime', record.recordTime);
      undo.assign(
        totals,
        'consumedTraffic',
        totals.consumedTraffic + trafficCostOf(record.nodes.length),
      );
      // One pass over the nodes, each template's reference computed once for all three.
      const place = { synchronizerId: record.synchronizerId, journalIndex };
      for (const node of record.nodes) {
        const reference = references(node);
        contracts.onNode(reference, node, place);
        history.onNode(reference, node, place);
        commands.onNode(reference, node, place);
      }
    } catch (error) {
      health.fail(error);
    }
  };
  // Completed with the bus when the node closes.
  core.records$.subscribe(apply);
  undo.section<SavedTotals>('scan.network.totals', {
    save: () => ({
      journalRecords: journal.count(),
      genesisTime: totals.genesisTime,
      consumedTraffic: totals.consumedTraffic.toString(),
      failure: health.failure(),
    }),
    restore(saved, history) {
      journal.restore(saved.journalRecords, history);
      totals.genesisTime = saved.genesisTime;
      totals.consumedTraffic = BigInt(saved.consumedTraffic);
      health.restore(saved.failure);
    },
  });
  undo.section('scan.network.contracts', contracts);
  undo.section('scan.network.rounds', history);
  undo.section('scan.network.transfer-commands', commands);
  return {
    contracts,
    history,
    commands,
    health,
    genesisTime: () => totals.genesisTime,
    consumedTraffic: () => totals.consumedTraffic,
  };
}
