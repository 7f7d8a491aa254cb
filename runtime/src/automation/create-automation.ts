import type { CreatedNode } from '@pocketnet/ledger';
import { filter, mergeMap, type Observable, share } from 'rxjs';
import type { PocketnetNodeCore } from '../node/node-core.ts';
import { participantMemberId } from '../scan/network/synchronizer-members.ts';
import { type WalletTemplate, walletTemplateOf } from '../wallet/wallet-templates.ts';
import { createAmuletMerges } from './amulet-merge.service.ts';
import { createAutomationContext } from './automation-context.ts';
import { createAutomationIndex } from './automation-index.ts';
import { type AutomationWallet, createAutomationWallet } from './automation-wallet.ts';
import { createDelegatedMerges } from './delegated-merge.service.ts';
import { createExpiries } from './expiry.service.ts';
import { createLivenessRecording } from './liveness.service.ts';
import type { NodeSchedule } from './node-schedule.ts';
import { createOfferAutomation } from './offer-automation.service.ts';
import { createPreapprovalRenewal } from './preapproval-renewal.service.ts';
import { createRewardCollection } from './reward-collection.service.ts';
import { createSweeps } from './sweep.service.ts';
import { createTrafficMeter } from './traffic-meter.ts';
import { createTrafficRequests } from './traffic-request.service.ts';
import { createTrafficTopup } from './traffic-topup.service.ts';

/** A wallet contract a transaction created: what bus triggers of the automations react to. */
export type WalletContractCreated = {
  readonly kind: WalletTemplate;
  readonly node: CreatedNode;
  readonly offset: number;
};

/**
 * The runtime side of the automations: one service per automation (each safe to run twice,
 * answering done / noop / stale), what is pending for each, the created wallet contracts as
 * a stream, and the node's schedule. Created before the journal is replayed.
 */
export function createAutomation(
  core: PocketnetNodeCore,
  options: { readonly schedule: NodeSchedule; readonly wallet?: AutomationWallet },
) {
  const wallet = options.wallet ?? createAutomationWallet(core);
  const index = createAutomationIndex(core);
  const context = createAutomationContext({ core, wallet, index });
  const meter = createTrafficMeter({
    records$: core.records$,
    index,
    memberId: participantMemberId(core.identity.participantId),
    synchronizerId: core.identity.synchronizerId,
    undo: core.undo,
  });
  const created$: Observable<WalletContractCreated> = core.records$.pipe(
    filter((record) => record.type === 'transaction'),
    // mergeMap: a transaction's created contracts, in the order it created them.
    mergeMap((record) =>
      record.nodes.flatMap((node) => {
        if (node.kind !== 'created') return [];
        const kind = walletTemplateOf(node);
        return kind === undefined ? [] : [{ kind, node, offset: record.offset }];
      }),
    ),
    share(),
  );
  return {
    schedule: options.schedule,
    /** The node's undo log, which the automations' triggers record their state into. */
    undo: core.undo,
    /** Contracts of the wallet's templates as transactions create them. */
    created$,
    now: () => core.clock.nowMicros(),
    ledgerEnd: () => core.engine.ledgerEnd(),
    walletParties: () => (context.hasNetwork() ? context.walletParties() : []),
    operator: () => (context.hasNetwork() ? context.operator() : null),
    rewards: createRewardCollection(context),
    liveness: createLivenessRecording(context),
    merges: createAmuletMerges(context),
    delegatedMerges: createDelegatedMerges(context),
    offers: createOfferAutomation(context),
    preapprovals: createPreapprovalRenewal(context),
    expiries: createExpiries(context),
    traffic: createTrafficTopup(context, meter),
    trafficRequests: createTrafficRequests(context),
    sweeps: createSweeps(context),
    close() {
      meter.close();
      index.close();
      if (options.wallet === undefined) wallet.contracts.close();
    },
  };
}

export type NodeAutomation = ReturnType<typeof createAutomation>;
