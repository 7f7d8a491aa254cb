import type { PocketnetNodeCore } from '../node/node-core.ts';
import type { Caller } from '../services/caller.ts';
import { createBalances } from './balance.service.ts';
import type { HistoryEntry } from './history-types.ts';
import { createMergeDelegations } from './merge-delegations.service.ts';
import { createNetworkContext } from './network-context.ts';
import { createOnboarding } from './onboarding.service.ts';
import { createPreapprovals } from './preapprovals.service.ts';
import { createTokenTransfers } from './token-transfers.service.ts';
import type { TrackingActors } from './tracking-status.ts';
import { createTraffic } from './traffic.service.ts';
import { createTransferOffers } from './transfer-offers.service.ts';
import type { CouponKind, UserStatus, WalletService } from './wallet.service.ts';
import { createWalletAccess } from './wallet-access.ts';
import { createWalletActions } from './wallet-batch.ts';
import { createWalletContracts } from './wallet-contracts.projection.ts';
import { createWalletHistory } from './wallet-history.projection.ts';
import { createWalletSubmitter } from './wallet-submitter.ts';
import { type ContractView, contractView } from './wallet-views.ts';

/**
 * The validator's wallet: its own projections of the bus (wallet contracts per party, each
 * wallet's history) and the services the validator API and the automations use. Built from
 * the node core before the journal is replayed, so the projections see all of history; the
 * actor registry, which tracks offers and traffic requests, is asked for when needed.
 */
export function createWallet(
  core: PocketnetNodeCore,
  options: { readonly actors: () => TrackingActors | undefined },
) {
  const contracts = createWalletContracts(core.records$, core.undo);
  const history = createWalletHistory({
    records$: core.records$,
    hasWallet: contracts.hasWallet,
    undo: core.undo,
  });
  // Built once per participant (LocalNet's app validators have their own): their sections say whose.
  const { participantId } = core.identity;
  core.undo.section(`wallet.contracts.${participantId}`, contracts.section);
  core.undo.section(`wallet.history.${participantId}`, history.section);
  const network = createNetworkContext({ core, contracts });
  const access = createWalletAccess({ participant: core.participant, contracts, network });
  const submit = createWalletSubmitter({
    engine: core.engine,
    now: () => core.clock.nowMicros(),
    undo: core.undo,
  });
  const actions = createWalletActions({ contracts, network, submit });
  const parts = { contracts, network, access, actions };
  const wallet = {
    contracts,
    history,
    network,
    access,
    actions,
    submit,
    onboarding: createOnboarding({ engine: core.engine, contracts, network, access, submit }),
    balances: createBalances(parts),
    offers: createTransferOffers({ ...parts, actors: options.actors }),
    tokenTransfers: createTokenTransfers(parts),
    preapprovals: createPreapprovals({ ...parts, submit }),
    traffic: createTraffic({ ...parts, participant: core.participant, actors: options.actors }),
    mergeDelegations: createMergeDelegations({ ...parts, participant: core.participant, submit }),
    /** `POST /v0/wallet/transactions`: a page of the caller's history, newest first. */
    transactions(caller: Caller, request: { beginAfterId?: string; pageSize: number }) {
      return history.page(access.walletOf(caller).party, request) as readonly HistoryEntry[];
    },
    /** The caller's reward coupons of one kind (up to 1000, oldest first), as Splice lists them. */
    coupons(caller: Caller, kind: CouponKind): ContractView[] {
      const { party } = access.walletOf(caller);
      return contracts.of(party, kind).slice(0, 1000).map(contractView);
    },
    /** `GET /v0/wallet/user-status`: whether the caller is onboarded; any token may ask. */
    userStatus(caller: Caller): UserStatus {
      const wallet = access.lookupWallet(access.userNameOf(caller));
      return {
        partyId: wallet?.party ?? '',
        userOnboarded: wallet !== undefined,
        userWalletInstalled: wallet !== undefined,
        hasFeaturedAppRight: wallet ? network.featuredAppRightOf(wallet.party) !== null : false,
      };
    },
    /** `GET /v0/validator-user`: the validator operator, for anyone. */
    validatorUser() {
      const partyId = network.operator();
      return {
        partyId,
        userName: access.operatorUserName(),
        featured: network.featuredAppRightOf(partyId) !== null,
      };
    },
    close() {
      contracts.close();
      history.close();
    },
  };
  // The gateway's contract, checked here: the node's parts may use more of the wallet.
  return wallet satisfies WalletService;
}

export type Wallet = ReturnType<typeof createWallet>;
