import { performance } from 'node:perf_hooks';
import type { JournalRecord } from '@pocketnet/ledger';
import { trafficModel } from '../../automation/traffic-meter.ts';
import type { PocketnetNodeCore } from '../../node/node-core.ts';
import { dsoPartyOf } from './dso-state.ts';
import { createNetworkContracts } from './network-contracts.projection.ts';
import { createReferenceCache } from './network-references.ts';
import { createScanHealth } from './node-status.ts';
import { createRoundActivity } from './round-activity.projection.ts';
import { createTransferCommands } from './transfer-commands.projection.ts';

const trafficCostOf = (events: number) =>
  trafficModel.perTransactionBytes + trafficModel.perEventBytes * BigInt(events);

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
      for (const node of record.nodes) {
        const reference = references(node);
        contracts.onNode(reference, node, record.synchronizerId);
        history.onNode(reference, node);
        commands.onNode(reference, node, record.synchronizerId);
      }
    } catch (error) {
      health.fail(error);
    }
  };
  // Completed with the bus when the node closes.
  core.records$.subscribe(apply);
  return {
    contracts,
    history,
    commands,
    health,
    genesisTime: () => totals.genesisTime,
    consumedTraffic: () => totals.consumedTraffic,
  };
}
