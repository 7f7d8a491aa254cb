import { createActorRuntime } from '../actors/actor-runtime.ts';
import { createAutomation } from '../automation/create-automation.ts';
import { createNodeSchedule } from '../automation/node-schedule.ts';
import { createDevnetTimeState } from '../devnet/devnet-time-records.ts';
import { createTransferCommandAutomation } from '../devnet/transfer-command-automation.ts';
import { createScan } from '../scan/create-scan.ts';
import { createValidatorApps } from '../validator-apps/validator-apps.ts';
import { createWallet } from '../wallet/create-wallet.ts';
import { createWalletApps } from '../wallet-apps/create-wallet-apps.ts';
import { createExternalPartyWallet } from '../wallet-external/external-party-wallet.service.ts';
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
