import { restoreSections, sectionsMismatch } from '@pocketnet/ledger';
import type { ScanService } from '../scan/scan.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { WalletAppsService } from '../wallet-apps/wallet-apps.service.ts';
import type { ExternalPartyService } from '../wallet-external/external-party.service.ts';
import { startBackgroundWork } from './background-work.ts';
import { ledgerApiOf } from './create-participant.ts';
import type { LedgerApiService } from './ledger-api.service.ts';
import { openLedgerCore } from './ledger-core.ts';
import type { NodeConfig } from './node-config.ts';
import type { PocketnetNodeCore } from './node-core.ts';
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
  const loaded = await loadHolders(core, config.restore);
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
    /** How its holders got their state: restored from sections, or the journal replayed. */
    loaded,
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

/**
 * How a node's holders got their state (issue 23): restored from a state file's sections, or
 * by replaying the journal (no sections given, or `reason` why they could not be restored).
 */
export type NodeLoaded =
  | { readonly how: 'restored'; readonly ms: number }
  | { readonly how: 'replayed'; readonly ms: number; readonly reason: string | null };

/**
 * Restores the holders from `restore`'s sections, or replays the journal: also when the
 * sections are not this node's (another build, another layout), which restores none of them.
 */
async function loadHolders(
  core: PocketnetNodeCore,
  restore: NodeConfig['restore'],
): Promise<NodeLoaded> {
  const startedAt = performance.now();
  const mismatch =
    restore && !restore.partial ? sectionsMismatch(core.undo, restore.sections) : null;
  if (!restore || mismatch !== null) {
    await core.engine.recover();
    return { how: 'replayed', ms: performance.now() - startedAt, reason: mismatch };
  }
  restoreSections(core.undo, restore.sections, restore.history, {
    partial: restore.partial ?? false,
  });
  core.engine.restored();
  return { how: 'restored', ms: performance.now() - startedAt };
}
