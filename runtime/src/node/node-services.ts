import { createActorRuntime } from '../actors/actor-runtime.ts';
import { createAutomation } from '../automation/create-automation.ts';
import { createNodeSchedule } from '../automation/node-schedule.ts';
import { createDevnetTimeState } from '../devnet/devnet-time-records.ts';
import { createTransferCommandAutomation } from '../devnet/transfer-command-automation.ts';
import { createScan, type Scan } from '../scan/create-scan.ts';
import { createValidatorApps } from '../validator-apps/validator-apps.ts';
import { createWallet, type Wallet } from '../wallet/create-wallet.ts';
import { createWalletApps, type WalletApps } from '../wallet-apps/create-wallet-apps.ts';
import {
  createExternalPartyWallet,
  type ExternalPartyWallet,
} from '../wallet-external/external-party-wallet.service.ts';
import type { PocketnetNode } from './create-node.ts';
import type { LedgerCore } from './ledger-core.ts';
import type { NodeConfig } from './node-config.ts';
import type { PocketnetNodeCore } from './node-core.ts';

/**
 * The node's services over its ledger core: scan, the workflow actors, the validator's wallet
 * and its apps, the automations' services, and the schedule background work runs on. Built
 * before the journal's replay, so that their own projections see all of history.
 */
export function createNodeServices(
  ledger: LedgerCore,
  config: Pick<NodeConfig, 'scan' | 'ledgerApiVersion' | 'validatorApps'>,
  onError: (error: unknown) => void,
) {
  const { core, first, participants } = ledger;
  const { clock } = core;
  const scan = createScan(core, config.scan);
  // The SV's validator app keeps projections of what its participant's parties see (the whole
  // synchronizer's records on a node of one participant); scan's are the network's.
  const validatorCore: PocketnetNodeCore = { ...core, records$: first.records$ };
  const { records$ } = validatorCore;
  // The workflow actors follow the bus after the projections, and see the replay too.
  const actors = createActorRuntime({
    records$,
    clock,
    participant: core.participant,
    onError,
    undo: core.undo,
  });
  // The validator's wallet keeps projections of its own; offers and traffic requests are
  // tracked by their actors.
  const wallet = createWallet(validatorCore, { actors: () => actors });
  // Its apps (payments, subscriptions, names, delegations) keep a projection of their own.
  const walletApps = createWalletApps(validatorCore, {
    wallet,
    scan,
    version: config.ledgerApiVersion,
  });
  // One schedule on the node's clock for the devnet and the automations' triggers; the
  // automations' services and their projections, before the replay too.
  const schedule = createNodeSchedule(clock);
  // The actors' timers fall due on it too, in time order with everything else.
  schedule.declare(actors.dueTask);
  const automation = createAutomation(validatorCore, { schedule, wallet });
  const { interactive, externalPartyOperations } = first;
  // The validator's external-party administration follows its setup proposals on the bus.
  const walletExternal = createExternalPartyWallet({
    wallet,
    interactive,
    operations: externalPartyOperations,
    records$,
    undo: core.undo,
  });
  // The DSO sends external parties' TransferCommands (on a devnet, once it runs).
  const transferCommands = createTransferCommandAutomation(core, { wallet, onError });
  schedule.afterRevert(transferCommands.rearm);
  // LocalNet's app validators, each over its own participant (issue 22).
  const validatorApps = createValidatorApps({
    core,
    participants,
    names: ledger.otherParticipantNames,
    scan,
    onError,
    configs: config.validatorApps,
    version: config.ledgerApiVersion,
  });
  for (const app of validatorApps) schedule.declare(app.dueTask);
  // The devnet's journaled time and price, followed from the replay on (ends with the bus).
  const devnetTime = createDevnetTimeState({ records$: core.records$, clock, undo: core.undo });
  return {
    scan,
    actors,
    wallet,
    walletApps,
    schedule,
    automation,
    interactive,
    walletExternal,
    transferCommands,
    validatorApps,
    devnetTime,
    close() {
      automation.close();
      actors.stop();
      wallet.close();
      walletApps.close();
      for (const app of validatorApps) app.close();
      walletExternal.close();
      transferCommands.close();
    },
  };
}

export type NodeServices = ReturnType<typeof createNodeServices>;

/*
 * The services a router or an app takes, one by its own name, rather than the whole node: what
 * it may reach is what its parameter says.
 */
/** Scan's reads: the network, its history and the token-standard registry. */
export type ScanService = Scan;
/** The validator's wallet: users, balances, offers, transfers and its administration. */
export type WalletService = Wallet;
/** The wallet's apps: payments, subscriptions, names, delegations, allocations, featured apps. */
export type WalletAppsService = WalletApps;
/** The validator's administration of external parties. */
export type ExternalPartyService = ExternalPartyWallet;
/**
 * A participant's JSON Ledger API: that participant's services over the node's catalog, clock and
 * devnet controls, without the apps (wallet, scan, automations) built over the ledger.
 */
export type LedgerApiService = Pick<
  PocketnetNode,
  | 'identity'
  | 'ledgerApiVersion'
  | 'clock'
  | 'devnet'
  | 'catalog'
  | 'commands'
  | 'externalParties'
  | 'reads'
  | 'completions'
  | 'lookups'
  | 'admin'
  | 'reassignments'
  | 'packageAdmin'
  | 'views'
  | 'interactive'
>;
