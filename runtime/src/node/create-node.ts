import {
  createFileJournal,
  createLedgerEngine,
  createMemoryJournal,
  createNamespaceFingerprint,
  type JournalRecord,
  type LedgerEngine,
  makeParticipantId,
  makeSynchronizerId,
  type SynchronizerEngine,
} from '@pocketnet/ledger';
import { createActorRuntime } from '../actors/actor-runtime.ts';
import { createAutomation } from '../automation/create-automation.ts';
import { createNodeSchedule } from '../automation/node-schedule.ts';
import { createUpdateBus } from '../bus/update-bus.ts';
import { createDevnetTimeState } from '../devnet/devnet-time-records.ts';
import { startDevnet } from '../devnet/start-devnet.ts';
import { createTransferCommandAutomation } from '../devnet/transfer-command-automation.ts';
import { createActiveContracts } from '../projections/active-contracts.projection.ts';
import { createContractEventsIndex } from '../projections/contract-events.projection.ts';
import { createUpdateLog } from '../projections/update-log.projection.ts';
import { createWatchedTemplates } from '../projections/watched-templates.projection.ts';
import { createScan } from '../scan/create-scan.ts';
import { spliceTemplateOf, uploadSpliceDars } from '../splice-dars/splice-genesis.ts';
import { requiredSplicePackages } from '../splice-dars/splice-release-packages.ts';
import {
  createNodeSynchronizers,
  startSynchronizerWork,
} from '../synchronizers/node-synchronizers.ts';
import { createControllableClock } from '../time/controllable-clock.ts';
import { createValidatorApps, onboardValidatorApps } from '../validator-apps/validator-apps.ts';
import { createTemplateCatalog } from '../views/create-template-catalog.ts';
import { createWallet } from '../wallet/create-wallet.ts';
import { createWalletApps } from '../wallet-apps/create-wallet-apps.ts';
import { createExternalPartyWallet } from '../wallet-external/external-party-wallet.service.ts';
import { createParticipant, ledgerApiOf, type SynchronizerShared } from './create-participant.ts';
import type { NodeConfig } from './node-config.ts';
import type { PocketnetNodeCore } from './node-core.ts';
import { createNodePackages } from './node-packages.ts';
import { watchedByAutomation } from './watched-by-automation.ts';

/**
 * The live node: one journal, one engine writing to it, one bus carrying what it commits, and
 * the projections and services every API reads through.
 */
export async function createNode(config: NodeConfig) {
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
  const synchronizers = createNodeSynchronizers(config);
  // Upgrades are checked against the packages the first participant vets (its projection, below).
  const { packages, lfPackages } = createNodePackages(
    config,
    (packageId) => !first.participant.vetting.unvetted.has(packageId),
  );
  // `--splice-dars`: Splice's own packages, uploaded below (or replayed), win `#splice-…` names
  // over the node's TypeScript Splice of the same version, for every service alike.
  if (config.spliceDars) packages.preferArchives(requiredSplicePackages);
  const clock = createControllableClock(config.clock);
  const onError = config.onBackgroundError ?? (() => {});
  const watched = createWatchedTemplates(watchedByAutomation(packages));
  const catalog = createTemplateCatalog(packages, () => first.participant.vetting.unvetted);
  const bus = createUpdateBus();
  const updateLog = createUpdateLog(bus.records$);
  const contractEvents = createContractEventsIndex();
  const activeContracts = createActiveContracts(contractEvents);
  // A scaled-out node's replica leaves background writes to the writer (scale-out/node-ledger.ts).
  const writesInBackground = config.ledger?.replica !== true;
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
  });
  const shared: SynchronizerShared = {
    synchronizer: { id: synchronizerId, alias: config.synchronizerName },
    synchronizers,
    clock,
    packages,
    lfPackages,
    catalog,
    records$: bus.records$,
    updateLog,
    contractEvents,
    activeContracts,
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
  const state = first.participant;
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
    synchronizers,
    devnetParties: () => devnet?.parties ?? null,
  };
  // Created before the replay, so that their projections see the whole journal.
  const scan = createScan(core, config.scan);
  // The workflow actors follow the bus after the projections, and see the replay too.
  const actors = createActorRuntime({
    records$: bus.records$,
    clock,
    participant: state,
    onError,
  });
  // The validator's wallet keeps projections of its own; offers and traffic requests are tracked by
  // their actors.
  const wallet = createWallet(core, { actors: () => actors });
  // Its apps (payments, subscriptions, names, delegations) keep a projection of their own.
  const walletApps = createWalletApps(core, { wallet, scan, version: config.ledgerApiVersion });
  // One schedule on the node's clock for the devnet and the automations' triggers; the
  // automations' services and their projections, before the replay too.
  const schedule = createNodeSchedule(clock);
  // The actors' timers fall due on it too, in time order with everything else.
  schedule.addTask(actors.dueTask);
  const automation = createAutomation(core, { schedule, wallet });
  const { interactive, externalPartyOperations } = first;
  // The validator's external-party administration follows its setup proposals on the bus.
  const walletExternal = createExternalPartyWallet({
    wallet,
    interactive,
    operations: externalPartyOperations,
    records$: bus.records$,
  });
  // The DSO sends external parties' TransferCommands (on a devnet, once started below).
  const transferCommands = createTransferCommandAutomation(core, {
    wallet,
    onError: config.onBackgroundError,
  });
  // LocalNet's app validators, each over its own participant (issue 22).
  const validatorApps = createValidatorApps({
    ...{ core, participants, names: others, scan, onError },
    configs: config.validatorApps,
    version: config.ledgerApiVersion,
  });
  for (const app of validatorApps) schedule.addTask(app.dueTask);
  // The devnet's journaled time and price, followed from the replay on (ends with the bus).
  const devnetTime = createDevnetTimeState({ records$: bus.records$, clock });
  await engine.recover();
  // The journal replayed, a devnet's time goes on from where it was: from the replayed records
  // only, so that this start's own uploads of Splice's DARs (each a record a microsecond after
  // the last) leave the clock where a node without them has it.
  if (config.devnet) devnetTime.recovered();
  // Splice's DARs are the SV's uploads (the first participant's package service).
  if (writesInBackground) await uploadSpliceDars({ set: config.spliceDars, packages, to: first });
  if (!writesInBackground) {
    // The SV's rounds run on the writer; a replica's schedule keeps its reads and actors' timers.
    schedule.setDispatcher(async () => {});
  }
  devnet = config.devnet
    ? await startDevnet({
        engine,
        packages,
        watched,
        participant: state,
        clock,
        config: config.devnet,
        identity: { participantId, synchronizerId },
        onError,
        tasks: scan.history.dueTasks,
        schedule,
        time: devnetTime,
        templateOf: config.spliceDars ? spliceTemplateOf(config.spliceDars) : undefined,
      })
    : null;
  // The devnet's parties on every synchronizer, and the global one's migration when due.
  if (writesInBackground) {
    const { migrations } = scan.history;
    const devnetParties = devnet?.parties ?? null;
    await startSynchronizerWork({
      engine,
      synchronizers,
      schedule,
      migrations,
      clock,
      devnetParties,
    });
  }
  // On a devnet, the wallet apps' due work (subscription payments, the SV's name service), also
  // run as soon as a payment is made.
  if (devnet && writesInBackground) {
    // Each app validator onboards to the network (or finds it done in the journal).
    await onboardValidatorApps(validatorApps, { spliceDars: config.spliceDars, packages });
    for (const task of walletApps.dueTasks(onError)) schedule.addTask(task);
    walletApps.start({ runDue: () => schedule.runDue(), onError });
    schedule.addTask(transferCommands.dueTask);
    void transferCommands.start();
  }
  // On the wall clock, whatever falls due runs within a second.
  const scheduleTicker =
    clock.kind === 'wall'
      ? setInterval(() => void schedule.runDue().catch(onError), 1000).unref()
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
    scan,
    actors,
    wallet,
    walletApps,
    automation,
    interactive,
    walletExternal,
    ...ledgerApiOf(first),
    synchronizers,
    /** Every participant on the synchronizer, the first (the one above) included. */
    participants,
    /** The validator apps of further participants (LocalNet's app-provider and app-user). */
    validatorApps,
    async close() {
      if (scheduleTicker) clearInterval(scheduleTicker);
      devnet?.stop();
      automation.close();
      actors.stop();
      wallet.close();
      walletApps.close();
      for (const app of validatorApps) app.close();
      for (const each of participants) each.close();
      walletExternal.close();
      transferCommands.close();
      projections.unsubscribe();
      bus.complete();
      await journal.close();
    },
  };
}

function addParticipant(engine: LedgerEngine, participantId: string): LedgerEngine {
  // A scaled-out node's engine (scale-out/node-ledger.ts) is one participant's.
  if (!('addParticipant' in engine))
    throw new Error('several participants need the node to write its own journal');
  return (engine as SynchronizerEngine).addParticipant(participantId);
}

export type PocketnetNode = Awaited<ReturnType<typeof createNode>>;
