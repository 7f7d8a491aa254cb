import { startDevnet } from '../devnet/start-devnet.ts';
import { spliceTemplateOf, uploadSpliceDars } from '../splice-dars/splice-genesis.ts';
import { startSynchronizerWork } from '../synchronizers/node-synchronizers.ts';
import { onboardValidatorApps } from '../validator-apps/validator-apps.ts';
import type { LedgerCore } from './ledger-core.ts';
import type { NodeConfig } from './node-config.ts';
import type { NodeServices } from './node-services.ts';

/**
 * What the node does without being asked, once its journal is replayed: Splice's DARs, the
 * devnet (genesis, rounds), the synchronizers' own work, the app validators' onboarding, the wallet apps' due payments and the
 * DSO's transfer commands, on the node's schedule; on the wall clock, a tick that runs what
 * falls due. Every failure goes to `onError`. A scaled-out replica leaves background writes to
 * the writer (scale-out/node-ledger.ts) and keeps its reads and actors' timers.
 */
export async function startBackgroundWork(
  ledger: LedgerCore,
  services: NodeServices,
  config: NodeConfig,
) {
  const { core, first, synchronizers } = ledger;
  const { engine, packages, clock, identity } = core;
  const { scan, schedule, walletApps, transferCommands } = services;
  const onError = config.onBackgroundError;
  const writesInBackground = config.ledger?.replica !== true;
  // The journal replayed, a devnet's time goes on from where it was: from the replayed records
  // only, so that this start's own uploads of Splice's DARs (each a record a microsecond after
  // the last) leave the clock where a node without them has it.
  if (config.devnet) services.devnetTime.recovered();
  // Splice's DARs are the SV's uploads (the first participant's package service).
  if (writesInBackground) await uploadSpliceDars({ set: config.spliceDars, packages, to: first });
  // The SV's rounds run on the writer; a replica's schedule keeps its reads and actors' timers.
  else schedule.setDispatcher(async () => {});
  const devnet = config.devnet
    ? await startDevnet({
        engine,
        packages,
        watched: core.watched,
        participant: core.participant,
        clock,
        config: config.devnet,
        identity: {
          participantId: identity.participantId,
          synchronizerId: identity.synchronizerId,
        },
        onError,
        tasks: scan.history.dueTasks,
        schedule,
        time: services.devnetTime,
        templateOf: config.spliceDars ? spliceTemplateOf(config.spliceDars) : undefined,
        undo: core.undo,
      })
    : null;
  ledger.setDevnetParties(devnet?.parties ?? null);
  // The devnet's parties on every synchronizer, and the global one's migration when due.
  if (writesInBackground) {
    await startSynchronizerWork({
      engine,
      synchronizers,
      schedule,
      migrations: scan.history.migrations,
      clock,
      devnetParties: devnet?.parties ?? null,
    });
  }
  // On a devnet, the wallet apps' due work (subscription payments, the SV's name service), also
  // run as soon as a payment is made.
  if (devnet && writesInBackground) {
    // Each app validator onboards to the network (or finds it done in the journal).
    await onboardValidatorApps(services.validatorApps, { spliceDars: config.spliceDars, packages });
    for (const task of walletApps.dueTasks(onError)) schedule.declare(task);
    walletApps.start({ runDue: () => schedule.runDue(), onError });
    schedule.declare(transferCommands.dueTask);
    void transferCommands.start();
  }
  // On the wall clock, whatever falls due runs within a second.
  const scheduleTicker =
    clock.kind === 'wall'
      ? setInterval(() => void schedule.runDue().catch(onError), 1000).unref()
      : null;
  return {
    devnet,
    stop() {
      if (scheduleTicker) clearInterval(scheduleTicker);
      devnet?.stop();
    },
  };
}
