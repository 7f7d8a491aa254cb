import { restoreSections } from '@pocketnet/ledger';
import type { ScanService } from '../scan/scan.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { WalletAppsService } from '../wallet-apps/wallet-apps.service.ts';
import type { ExternalPartyService } from '../wallet-external/external-party.service.ts';
import { startBackgroundWork } from './background-work.ts';
import { ledgerApiOf } from './create-participant.ts';
import type { LedgerApiService } from './ledger-api.service.ts';
import { openLedgerCore } from './ledger-core.ts';
import type { NodeConfig } from './node-config.ts';
import { createNodeServices } from './node-services.ts';

/**
 * The live node, in three units: the ledger core (journal, engine, bus, projections,
 * participants), the services over it, and the background work started once the journal is
 * replayed. Services come before the replay, so that their projections see all of history.
 */
export async function createNode(config: NodeConfig) {
  const ledger = await openLedgerCore(config);
  const services = createNodeServices(ledger, config, config.onBackgroundError);
  const { core, first, participants } = ledger;
  if (config.restore) {
    restoreSections(core.undo, config.restore.sections, config.restore.history, {
      partial: config.restore.partial ?? false,
    });
    core.engine.restored();
  } else {
    await core.engine.recover();
  }
  // A partial restore (a test of some holders' sections) leaves the others empty: nothing may
  // act on that half-made state.
  const background = config.restore?.partial
    ? { devnet: null, stop() {} }
    : await startBackgroundWork(ledger, services, config);
  const node = {
    identity: core.identity,
    ledgerApiVersion: config.ledgerApiVersion,
    clock: core.clock,
    undo: core.undo,
    /**
     * After a revert rolled `undo` back, set the clock and cut the journal: a devnet's clock goes
     * on from the journal as after a restart's replay, and what acts on its own is re-armed.
     */
    rearm() {
      if (config.devnet) services.devnetTime.recovered();
      services.schedule.rearm();
    },
    devnet: background.devnet,
    packages: core.packages,
    catalog: core.catalog,
    engine: core.engine,
    records$: core.records$,
    scan: services.scan,
    actors: services.actors,
    wallet: services.wallet,
    walletApps: services.walletApps,
    automation: services.automation,
    interactive: services.interactive,
    walletExternal: services.walletExternal,
    ...ledgerApiOf(first),
    synchronizers: ledger.synchronizers,
    /** Every participant on the synchronizer, the first (the one above) included. */
    participants,
    /** The validator apps of further participants (LocalNet's app-provider and app-user). */
    validatorApps: services.validatorApps,
    async close() {
      background.stop();
      services.close();
      await ledger.close();
    },
  };
  // The gateway's contracts, checked here: each router takes one of these, never the node.
  return node satisfies LedgerApiService &
    Readonly<{
      scan: ScanService;
      wallet: WalletService;
      walletApps: WalletAppsService;
      walletExternal: ExternalPartyService;
    }>;
}

export type PocketnetNode = Awaited<ReturnType<typeof createNode>>;
