// The wallet's state, loaded from the validator, scan and inspect APIs. A refresh asked for while
// one runs is folded into one more run after it, so a burst of live updates costs two loads.
import { messageOf } from '../../ui-kit/assets/errors.js';
import { walletMachines } from './format.js';

// The wallet's workflow actors with their contexts (who, how much), one list per machine, and its
// own TransferPreapproval (null when it takes no one-step transfers).
const workflowsQuery = `query WalletWorkflows {
  ${walletMachines
    .map((machine, index) => `m${index}: actors(machine: "${machine}") { ...workflow }`)
    .join('\n  ')}
  wallet {
    preapproval { contractId payload }
    mergeDelegationProposals { ...merge }
    mergeDelegations { ...merge }
  }
}
fragment workflow on Actor { id machine state status trackingId createdAt updatedAt context }
fragment merge on Contract { contractId templateId payload actor { state } }`;

export const historyPageSize = 10;

/** @typedef {{ round?: { number?: string }, amuletPrice?: string }} OpenRound */

/**
 * The coin's price in USD in the newest open mining round (what a purchase now pays at).
 * @param {ContractWithState[]} rounds
 * @returns {string | null}
 */
function coinPriceOf(rounds) {
  const newest = rounds
    .map(({ contract }) => /** @type {OpenRound} */ (contract.payload))
    .sort((a, b) => Number(b.round?.number ?? 0) - Number(a.round?.number ?? 0))[0];
  return typeof newest?.amuletPrice === 'string' ? newest.amuletPrice : null;
}

// Delegations are listed only where the node has that part of the API: `null` means it has not.
/**
 * @template T
 * @param {Promise<T>} promise
 * @returns {Promise<T | null>}
 */
const absentAsNull = (promise) =>
  promise.catch((/** @type {unknown} */ error) => {
    const status = error instanceof Error && 'status' in error ? error.status : undefined;
    if (status === 404 || status === 501) return null;
    throw error;
  });

/**
 * @import { AmuletPosition, AnsEntry, Balance, Contract, ContractWithState, DelegationItem,
 *   HistoryItem, ActorTransition } from '@pocketnet/client/types'
 * @import { WalletApi } from './api.js'
 */

/**
 * A workflow actor as the wallet's query reads it, with what its context may hold.
 * @typedef {{
 *   sender?: string, receiver?: string, amount?: string, trafficAmount?: number | string,
 *   memberId?: string, owner?: string, operator?: string, provider?: string,
 *   rejectionReason?: string, contractIds?: string[],
 * }} WorkflowContext
 * @typedef {{
 *   id: string, machine: string, state: string, status: string, trackingId: string | null,
 *   createdAt: string, updatedAt: string, context: WorkflowContext | null,
 * }} WorkflowActor
 * A contract as the wallet's GraphQL query reads it (the merge delegations, the preapproval).
 * @typedef {{
 *   contractId: string, templateId: string, payload: { [field: string]: unknown },
 *   actor?: { state: string } | null,
 * }} GraphContract
 */

/**
 * What the wallet shows: `loaded` once the first load is in, `problem` when the last one failed.
 * @typedef {{
 *   party: string,
 *   user: string,
 *   loaded: boolean,
 *   problem: string,
 *   history: {
 *     cursors: Array<string | undefined>,
 *     items: HistoryItem[],
 *     hasOlder: boolean,
 *     loading: boolean,
 *   },
 *   balance?: Balance,
 *   coinPrice?: string | null,
 *   holdings?: readonly AmuletPosition[],
 *   lockedHoldings?: readonly AmuletPosition[],
 *   offers?: Contract[],
 *   acceptedOffers?: Contract[],
 *   instructions?: Contract[],
 *   actors?: WorkflowActor[],
 *   preapproval?: GraphContract | null,
 *   mergeProposals?: GraphContract[],
 *   merges?: GraphContract[],
 *   names?: AnsEntry[] | null,
 *   proposals?: DelegationItem[] | null,
 *   delegations?: DelegationItem[] | null,
 * }} WalletState
 */

/**
 * Creates the store of one wallet: `state`, `refresh()`, and `onChange(listener)`.
 * @param {{ api: WalletApi, party: string, user: string }} wallet
 */
export function createStore({ api, party, user }) {
  /** @type {Set<(state: WalletState) => void>} */
  const listeners = new Set();
  /** @type {WalletState} */
  const state = {
    party,
    user,
    loaded: false,
    problem: '',
    history: { cursors: [undefined], items: [], hasOlder: false, loading: false },
  };
  const changed = () => {
    for (const listener of listeners) listener(state);
  };

  async function loadHistory() {
    const cursor = state.history.cursors.at(-1);
    const { items } = await api.transactions(historyPageSize + 1, cursor);
    state.history.items = items.slice(0, historyPageSize);
    state.history.hasOlder = items.length > historyPageSize;
  }

  async function load() {
    const [balance, amulets, offers, accepted, instructions, { wallet, ...actors }] =
      await Promise.all([
        api.balance(),
        api.amulets(),
        api.offers(),
        api.acceptedOffers(),
        api.transferInstructions(),
        api.graphql(workflowsQuery),
      ]);
    const [proposals, delegations, names, rounds] = await Promise.all([
      absentAsNull(api.delegationProposals()),
      absentAsNull(api.delegations()),
      absentAsNull(api.ansEntries()),
      absentAsNull(api.miningRounds()),
      loadHistory(),
    ]);
    Object.assign(state, {
      loaded: true,
      problem: '',
      balance,
      coinPrice: coinPriceOf(rounds?.open_mining_rounds ?? []),
      holdings: amulets.amulets,
      lockedHoldings: amulets.locked_amulets,
      offers: offers.offers,
      acceptedOffers: accepted.accepted_offers,
      instructions: instructions.transfers,
      actors: Object.values(actors).flat(),
      preapproval: wallet.preapproval,
      mergeProposals: wallet.mergeDelegationProposals,
      merges: wallet.mergeDelegations,
      names: names?.entries ?? null,
      proposals: proposals?.proposals ?? null,
      delegations: delegations?.delegations ?? null,
    });
  }

  /** @type {Promise<void> | null} */
  let running = null;
  let again = false;
  /** Loads everything again; resolves once what was asked for until then is shown. */
  function refresh() {
    if (running !== null) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await load();
        } catch (error) {
          state.problem = `Could not load the wallet: ${messageOf(error)}`;
        }
        changed();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    state,
    refresh,
    /** @param {(state: WalletState) => void} listener */
    onChange(listener) {
      listeners.add(listener);
    },
    /** An actor moved (a live transition): shown at once, before the next refresh lands. */
    /** @param {ActorTransition} transition */
    moveActor(transition) {
      if (!walletMachines.includes(transition.machine) || !state.actors) return;
      const actor = state.actors.find((known) => known.id === transition.actorId);
      if (!actor) return;
      actor.state = transition.to;
      actor.updatedAt = transition.at;
      changed();
    },
    /** Moves through the history's pages: `older`, `newer` or `newest`. */
    /** @param {'older' | 'newer' | 'newest'} direction */
    async page(direction) {
      const { cursors, items } = state.history;
      const last = items.at(-1);
      if (direction === 'older' && last) cursors.push(last.event_id);
      if (direction === 'newer' && cursors.length > 1) cursors.pop();
      if (direction === 'newest') cursors.splice(1);
      state.history.loading = true;
      changed();
      try {
        await loadHistory();
      } finally {
        state.history.loading = false;
        changed();
      }
    },
  };
}

/** @typedef {ReturnType<typeof createStore>} WalletStore */
