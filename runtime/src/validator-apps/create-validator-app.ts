import { createPartyId } from '@pocketnet/ledger';
import { createActorRuntime } from '../actors/actor-runtime.ts';
import { createAutomation } from '../automation/create-automation.ts';
import { createNodeSchedule, type NodeSchedule } from '../automation/node-schedule.ts';
import type { ParticipantNode } from '../node/create-participant.ts';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import type { Scan } from '../scan/create-scan.ts';
import { createWallet } from '../wallet/create-wallet.ts';
import { createWalletApps } from '../wallet-apps/create-wallet-apps.ts';
import { createExternalPartyWallet } from '../wallet-external/external-party-wallet.service.ts';
import { onboardValidatorApp } from './onboard-validator-app.ts';

/**
 * A validator app on one of the node's further participants (LocalNet's app-provider and
 * app-user, issue 22): its operator party is hinted as Splice's `validator-party-hint`, and its
 * wallet users (`validator-wallet-users`) are the operator's own wallet.
 */
export type ValidatorAppConfig = {
  /** The participant's name, one of the node's `participants`. */
  readonly participant: string;
  /** The operator party's hint (Splice's `validator-party-hint`). */
  readonly partyHint: string;
  /** The users whose wallet is the operator's (Splice's `validator-wallet-users`). */
  readonly walletUsers: readonly string[];
};

/**
 * The validator app of a further participant: its own wallet, wallet apps, external-party
 * administration, workflow actors and automations, all over that participant's state and
 * engine, so that it sees and acts for that participant's parties only. Built before the
 * journal's replay, so its projections see all of history; `onboard` runs once the devnet is up.
 */
export function createValidatorApp(input: {
  /** The node's core: the synchronizer's projections, the network's parties (the SV's view). */
  readonly core: PocketnetNodeCore;
  readonly participant: ParticipantNode;
  readonly config: ValidatorAppConfig;
  readonly scan: Scan;
  readonly version: string;
  readonly onError: (error: unknown) => void;
}) {
  const { participant, config } = input;
  const { participantId } = participant.participant;
  const namespace = participantId.slice(participantId.indexOf('::') + 2);
  // The hint as given: Splice escapes a hint only when it derives one from a user name.
  const operator = createPartyId(config.partyHint, namespace);
  const core: PocketnetNodeCore = {
    ...input.core,
    // Its projections are built from what its hosted parties see, not the whole synchronizer's.
    records$: participant.records$,
    catalog: participant.catalog,
    identity: { ...input.core.identity, participantId },
    participant: participant.participant,
    engine: participant.engine,
    devnetParties: () => {
      const network = input.core.devnetParties();
      return network && { ...network, validatorOperator: operator };
    },
  };
  const actors = createActorRuntime({
    records$: core.records$,
    clock: core.clock,
    participant: participant.participant,
    onError: input.onError,
    undo: core.undo,
  });
  const wallet = createWallet(core, { actors: () => actors });
  const walletApps = createWalletApps(core, {
    wallet,
    scan: input.scan,
    version: input.version,
  });
  const walletExternal = createExternalPartyWallet({
    wallet,
    interactive: participant.interactive,
    operations: participant.externalPartyOperations,
    records$: core.records$,
    undo: core.undo,
  });
  // Its own schedule, so that its automations' dispatcher is not the SV's; the node's schedule
  // runs it as one of its tasks, in time order with the rest.
  const schedule: NodeSchedule = createNodeSchedule(core.clock);
  schedule.declare(actors.dueTask);
  const automation = createAutomation(core, { schedule, wallet });
  return {
    name: config.participant,
    operator,
    participant,
    actors,
    wallet,
    walletApps,
    walletExternal,
    automation,
    /** The app's schedule as a task of the node's. */
    dueTask: {
      name: `validator-app:${config.participant}`,
      runsAs: 'here' as const,
      nextDueMicros: () => schedule.nextDueMicros(),
      run: () => schedule.runDue(),
    },
    /** Hosts the operator, its users, licence, right and wallets, where not done before. */
    onboard: (options: { readonly templateOf?: ((reference: string) => string) | undefined }) =>
      onboardValidatorApp({
        core: input.core,
        participant,
        operator,
        walletUsers: config.walletUsers,
        wallet,
        templateOf: options.templateOf,
      }),
    /** After the replay, on a devnet: the wallet apps' due work (subscription payments). */
    start() {
      for (const task of walletApps.walletTasks(input.onError)) schedule.declare(task);
      walletApps.start({ runDue: () => schedule.runDue(), onError: input.onError });
    },
    close() {
      automation.close();
      actors.stop();
      wallet.close();
      walletApps.close();
      walletExternal.close();
    },
  };
}

export type ValidatorApp = ReturnType<typeof createValidatorApp>;
