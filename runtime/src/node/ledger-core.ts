import {
  createFileJournal,
  createLedgerEngine,
  createMemoryJournal,
  createNamespaceFingerprint,
  createUndoLog,
  type JournalRecord,
  type LedgerEngine,
  makeParticipantId,
  makeSynchronizerId,
  type SynchronizerEngine,
} from '@pocketnet/ledger';
import { createUpdateBus } from '../bus/update-bus.ts';
import type { DevnetParties } from '../devnet/devnet-parties.ts';
import { createActiveContracts } from '../projections/active-contracts.projection.ts';
import { createContractEventsIndex } from '../projections/contract-events.projection.ts';
import { createUpdateLog } from '../projections/update-log.projection.ts';
import { createWatchedTemplates } from '../projections/watched-templates.projection.ts';
import { requiredSplicePackages } from '../splice-dars/splice-release-packages.ts';
import { createNodeSynchronizers } from '../synchronizers/node-synchronizers.ts';
import { createControllableClock } from '../time/controllable-clock.ts';
import { createParticipant, type SynchronizerShared } from './create-participant.ts';
import type { NodeConfig } from './node-config.ts';
import type { PocketnetNodeCore } from './node-core.ts';
import { createNodePackages } from './node-packages.ts';
import { watchedByAutomation } from './watched-by-automation.ts';

function addParticipant(engine: LedgerEngine, participantId: string): LedgerEngine {
  // A scaled-out node's engine (scale-out/node-ledger.ts) is one participant's.
  if (!('addParticipant' in engine))
    throw new Error('several participants need the node to write its own journal');
  return (engine as SynchronizerEngine).addParticipant(participantId);
}

/**
 * The ledger at the node's heart: its journal, the engine writing to it, the bus carrying what
 * it commits, the projections every read uses, and the synchronizer's participants. Nothing here
 * runs in the background, and the journal is not replayed yet (`engine.recover()`), so that
 * services built on `core` see all of history.
 */
export async function openLedgerCore(config: NodeConfig) {
  // A devnet's seed names its participants too, so that another seed gives other ids throughout.
  const participantIdOf = (name: string) =>
    config.devnet
      ? makeParticipantId(
          name,
          createNamespaceFingerprint(`participant:${name}:${config.devnet.seed}`),
        )
      : makeParticipantId(name);
  const participantId = participantIdOf(config.participantName);
  const synchronizerId = makeSynchronizerId(config.synchronizerName);
  // `--synchronizers global,app1`: the global synchronizer first, then the others (issue 10).
  // Every holder of the node's state records its changes here while a snapshot is kept (issue 23).
  const undo = createUndoLog();
  const synchronizers = createNodeSynchronizers(config, undo);
  const { packages, lfPackages } = createNodePackages(config, undo);
  // `--splice-dars`: Splice's own packages, uploaded on start (or replayed), win `#splice-…`
  // names over the node's TypeScript Splice of the same version, for every service alike.
  if (config.spliceDars) packages.preferArchives(requiredSplicePackages);
  const clock = createControllableClock(config.clock);
  const watched = createWatchedTemplates(watchedByAutomation(packages), undo, {
    section: 'projections.watched-templates',
  });
  const bus = createUpdateBus();
  const updateLog = createUpdateLog(bus.records$, undo);
  undo.section('synchronizers.projection', synchronizers.section(updateLog.journalIndexOf));
  const contractEvents = createContractEventsIndex(updateLog, undo);
  const activeContracts = createActiveContracts({ updateLog, contractEvents }, undo);
  const journal = config.ledger
    ? await config.ledger.openJournal()
    : config.dataDir
      ? await createFileJournal({ dir: config.dataDir })
      : createMemoryJournal();
  const engine = (config.ledger?.createEngine ?? createLedgerEngine)({
    journal,
    clock,
    packages,
    participantId,
    synchronizerId,
    synchronizerIds: synchronizers.ids,
    publish: bus.publish,
    undo,
  });
  const shared: SynchronizerShared = {
    synchronizer: { id: synchronizerId, alias: config.synchronizerName },
    synchronizers,
    clock,
    packages,
    lfPackages,
    records$: bus.records$,
    updateLog,
    contractEvents,
    activeContracts,
    undo,
  };
  // The synchronizer's first participant (the SV's), then the others of the layout (LocalNet's).
  const others = config.participants ?? [];
  const alone = others.length === 0;
  const first = createParticipant(shared, engine, { isFirst: true, alone });
  const participants = [
    first,
    ...others.map((name) =>
      createParticipant(shared, addParticipant(engine, participantIdOf(name)), {
        isFirst: false,
        alone,
      }),
    ),
  ];
  const applyAll = (record: JournalRecord) => {
    // Uploaded packages first: what follows may render their contracts.
    lfPackages.apply(record);
    synchronizers.apply(record);
    updateLog.apply(record);
    contractEvents.apply(record);
    activeContracts.apply(record);
    for (const each of participants) each.apply(record);
    watched.apply(record);
  };
  // Projections subscribe first, so they have applied a record before anyone else sees it.
  const projections = bus.records$.subscribe(applyAll);
  // Reads and commands resolve references as the first participant's packages select.
  const { catalog } = first;
  // The devnet exists only once the journal is replayed; services ask for its parties lazily.
  let devnetParties: DevnetParties | null = null;
  const core: PocketnetNodeCore = {
    identity: { participantId, synchronizerId, synchronizerAlias: config.synchronizerName },
    clock,
    undo,
    packages,
    catalog,
    records$: bus.records$,
    participant: first.participant,
    updateLog,
    contractEvents,
    activeContracts,
    watched,
    engine,
    synchronizers,
    devnetParties: () => devnetParties,
  };
  return {
    core,
    /** The first participant (the SV's, and the validator's), whose services the node serves. */
    first,
    /** Every participant on the synchronizer, the first included. */
    participants,
    /** The names of the participants beside the first, in `participants`' order. */
    otherParticipantNames: others,
    synchronizers,
    setDevnetParties(parties: DevnetParties | null) {
      devnetParties = parties;
    },
    async close() {
      for (const each of participants) each.close();
      projections.unsubscribe();
      bus.complete();
      await journal.close();
    },
  };
}

export type LedgerCore = Awaited<ReturnType<typeof openLedgerCore>>;
