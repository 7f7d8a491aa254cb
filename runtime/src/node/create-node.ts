import {
  createFileJournal,
  createLedgerEngine,
  createMemoryJournal,
  createNamespaceFingerprint,
  createPackageRegistry,
  examplePackages,
  identityProviderByIssuer,
  type JournalRecord,
  makeParticipantId,
  makeSynchronizerId,
} from '@pocketnet/ledger';
import { splicePackages } from '@pocketnet/splice';
import { createUpdateBus } from '../bus/update-bus.ts';
import { startDevnet } from '../devnet/start-devnet.ts';
import { createActiveContracts } from '../projections/active-contracts.projection.ts';
import { createContractEventsIndex } from '../projections/contract-events.projection.ts';
import { createParticipantProjection } from '../projections/participant.projection.ts';
import { createUpdateLog } from '../projections/update-log.projection.ts';
import { createWatchedTemplates } from '../projections/watched-templates.projection.ts';
import { createScan } from '../scan/create-scan.ts';
import { createCommands } from '../services/commands.service.ts';
import { createCompletions } from '../services/completions.service.ts';
import { createContractLookups } from '../services/contract-lookups.service.ts';
import { createLedgerReads } from '../services/ledger-reads.service.ts';
import { createPackageAdmin } from '../services/package-admin.service.ts';
import { createParticipantAdmin } from '../services/participant-admin.service.ts';
import { createControllableClock } from '../time/controllable-clock.ts';
import { createTemplateCatalog } from '../views/create-template-catalog.ts';
import type { EventFilter } from '../views/event-filter.ts';
import { type TransactionShape, viewTransaction } from '../views/transaction-view.ts';
import type { NodeConfig } from './node-config.ts';
import type { PocketnetNodeCore } from './node-core.ts';
import { watchedByAutomation } from './watched-by-automation.ts';

/**
 * The live node: one journal, one engine writing to it, one bus carrying what it commits, and
 * the projections and services every API reads through.
 */
export async function createNode(config: NodeConfig) {
  // A devnet's seed names its participant too, so that another seed gives other ids throughout.
  const participantId = config.devnet
    ? makeParticipantId(
        config.participantName,
        createNamespaceFingerprint(`participant:${config.participantName}:${config.devnet.seed}`),
      )
    : makeParticipantId(config.participantName);
  const synchronizerId = makeSynchronizerId(config.synchronizerName);
  const packages = createPackageRegistry([
    ...examplePackages,
    ...splicePackages,
    ...(config.packages ?? []),
  ]);
  const clock = createControllableClock(config.clock);
  const watched = createWatchedTemplates(watchedByAutomation(packages));
  const catalog = createTemplateCatalog(packages);
  const bus = createUpdateBus();
  const updateLog = createUpdateLog(bus.records$);
  const participant = createParticipantProjection(participantId);
  const contractEvents = createContractEventsIndex();
  const activeContracts = createActiveContracts(contractEvents);
  const applyAll = (record: JournalRecord) => {
    updateLog.apply(record);
    contractEvents.apply(record);
    activeContracts.apply(record);
    participant.apply(record);
    watched.apply(record);
  };
  // Projections subscribe first, so they have applied a record before anyone else sees it.
  const projections = bus.records$.subscribe(applyAll);
  const journal = config.dataDir
    ? await createFileJournal({ dir: config.dataDir })
    : createMemoryJournal();
  const engine = createLedgerEngine({
    journal,
    clock,
    packages,
    participantId,
    synchronizerId,
    publish: bus.publish,
  });
  const state = participant.state;
  let devnet: Awaited<ReturnType<typeof startDevnet>> | null = null;
  const core: PocketnetNodeCore = {
    identity: { participantId, synchronizerId, synchronizerAlias: config.synchronizerName },
    clock,
    packages,
    catalog,
    records$: bus.records$,
    participant: state,
    updateLog,
    contractEvents,
    activeContracts,
    watched,
    engine,
    devnetParties: () => devnet?.parties ?? null,
  };
  // Created before the replay, so that their projections see the whole journal.
  const scan = createScan(core);
  await engine.recover();
  devnet = config.devnet
    ? await startDevnet({
        engine,
        packages,
        watched,
        participant: state,
        clock,
        config: config.devnet,
        identity: { participantId, synchronizerId },
        onError: config.onBackgroundError ?? (() => {}),
      })
    : null;
  return {
    identity: core.identity,
    ledgerApiVersion: config.ledgerApiVersion,
    clock,
    devnet,
    packages,
    catalog,
    engine,
    records$: bus.records$,
    participant: state,
    scan,
    commands: createCommands({ participant: state, writer: engine }),
    reads: createLedgerReads({
      participant: state,
      updateLog,
      activeContracts,
      catalog,
      synchronizer: { id: synchronizerId, alias: config.synchronizerName },
    }),
    completions: createCompletions({ participant: state, updateLog }),
    lookups: createContractLookups({ participant: state, contractEvents, catalog }),
    admin: createParticipantAdmin({ participant: state, writer: engine, synchronizerId }),
    packageAdmin: createPackageAdmin({
      participant: state,
      packages,
      synchronizerId,
      writer: engine,
    }),
    views: {
      transaction: (
        ...args: [Parameters<typeof viewTransaction>[0], EventFilter, TransactionShape]
      ) => viewTransaction(args[0], args[1], args[2], catalog),
    },
    /** The identity provider that issues tokens with this `iss`, for the gateway's verifier. */
    identityProviderForIssuer: (issuer: string) => identityProviderByIssuer(state, issuer),
    async close() {
      devnet?.stop();
      projections.unsubscribe();
      bus.complete();
      await journal.close();
    },
  };
}

export type PocketnetNode = Awaited<ReturnType<typeof createNode>>;
