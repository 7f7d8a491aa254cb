import type { JournalRecord } from '@pocketnet/ledger';
import type { Subscription } from 'rxjs';
import type { BackgroundTask } from '../automation/node-schedule.ts';
import { createAnsDsoAutomation } from '../devnet/ans-dso-automation.ts';
import { type AnsSvCalls, createAnsSvCalls } from '../devnet/ans-sv-calls.ts';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import type { Scan } from '../scan/create-scan.ts';
import type { Caller } from '../services/caller.ts';
import type { Wallet } from '../wallet/create-wallet.ts';
import { type ContractView, contractView } from '../wallet/wallet-views.ts';
import { createAllocations } from './allocations.service.ts';
import { createAnsEntries } from './ans.service.ts';
import { createAppAccess } from './app-access.ts';
import { createAppContracts } from './app-contracts.projection.ts';
import { type AppTemplate, appTemplateOf } from './app-templates.ts';
import { createDevelopmentFund } from './development-fund.service.ts';
import { createFeaturedApps } from './featured-apps.service.ts';
import { createMintingDelegations } from './minting-delegations.service.ts';
import { createAppPayments } from './payments.service.ts';
import { createSubscriptionRenewals } from './subscription-renewals.task.ts';
import { createSubscriptions } from './subscriptions.service.ts';
import { createValidatorIdentity } from './validator-identity.service.ts';
import type { WalletAppsService } from './wallet-apps.service.ts';

/** Contracts whose creation leaves work for the automations to do at once. */
const workNow: ReadonlySet<AppTemplate> = new Set([
  'subscriptionInitialPayment',
  'subscriptionPayment',
  'terminatedSubscription',
]);
const leavesWork = (record: JournalRecord) =>
  record.type === 'transaction' &&
  record.nodes.some(
    (node) => node.kind === 'created' && workNow.has(appTemplateOf(node) ?? 'ansRules'),
  );

/**
 * The validator's wallet apps beside the wallet core: app payments, subscriptions, the name
 * service, minting delegations, featured app rights, allocations, development fund coupons and
 * the operator's support dumps; and the due work that keeps subscriptions paid and (on a
 * devnet) the SV's name-service automation. Built from the node core before the journal is
 * replayed, so its projection sees all of history.
 */
export function createWalletApps(
  core: PocketnetNodeCore,
  deps: { readonly wallet: Wallet; readonly scan: Scan; readonly version: string },
) {
  const { wallet } = deps;
  const contracts = createAppContracts(core.records$, core.undo);
  core.undo.section(`wallet-apps.contracts.${core.identity.participantId}`, contracts.section);
  const appAccess = createAppAccess({ access: wallet.access, contracts });
  const { actions, network, submit } = wallet;
  const subscriptions = createSubscriptions({ appAccess, contracts, actions });
  let svCalls: AnsSvCalls | null = null;
  const calls = () => {
    const parties = core.devnetParties();
    if (parties === null) return null;
    svCalls ??= createAnsSvCalls({ core, engine: core.engine, contracts, parties });
    return svCalls;
  };
  let kicks: Subscription | null = null;
  const walletTasks = (onError: (error: unknown) => void): BackgroundTask[] => [
    createSubscriptionRenewals({
      contracts,
      access: wallet.access,
      subscriptions,
      now: () => core.clock.nowMicros(),
      onError,
      undo: core.undo,
    }),
  ];
  const apps = {
    contracts,
    payments: createAppPayments({ appAccess, actions }),
    subscriptions,
    ans: createAnsEntries({ appAccess, contracts, network, submit }),
    mintingDelegations: createMintingDelegations({
      appAccess,
      contracts,
      participant: core.participant,
      submit,
    }),
    featuredApps: createFeaturedApps({
      access: wallet.access,
      walletContracts: wallet.contracts,
      network,
      actions,
    }),
    allocations: createAllocations({ appAccess, network, actions, scan: () => deps.scan, submit }),
    developmentFund: createDevelopmentFund({ appAccess, contracts, network }),
    /** The caller's ValidatorFaucetCoupons (up to 1000); this network issues none any more. */
    validatorFaucetCoupons(caller: Caller): ContractView[] {
      const { party } = appAccess.walletOf(caller);
      return contracts.of(party, 'validatorFaucetCoupon').slice(0, 1000).map(contractView);
    },
    identity: createValidatorIdentity({
      access: wallet.access,
      participant: core.participant,
      synchronizer: { id: core.identity.synchronizerId, alias: core.identity.synchronizerAlias },
      version: deps.version,
    }),
    /** The wallet's subscription payments: every validator's due work. */
    walletTasks,
    /** The wallet's subscription payments and the SV's name-service automation. */
    dueTasks(onError: (error: unknown) => void): BackgroundTask[] {
      const now = () => core.clock.nowMicros();
      return [
        ...walletTasks(onError),
        createAnsDsoAutomation({
          contracts,
          calls,
          now,
          onError,
          undo: core.undo,
        }),
      ];
    },
    /**
     * After the replay: a payment to collect (or a subscription that ended) runs the schedule's
     * due work at once, rather than when time next moves.
     */
    start(options: { runDue: () => Promise<void>; onError: (error: unknown) => void }): void {
      let pending = false;
      kicks = core.records$.subscribe((record) => {
        if (pending || !leavesWork(record)) return;
        pending = true;
        setImmediate(() => {
          pending = false;
          options.runDue().catch(options.onError);
        });
      });
    },
    close() {
      kicks?.unsubscribe();
      contracts.close();
    },
  };
  // The gateway's contract, checked here: the node also starts and closes the apps.
  return apps satisfies WalletAppsService;
}

export type WalletApps = ReturnType<typeof createWalletApps>;
