// The wallet's state, loaded from the validator, scan and inspect APIs. A refresh asked for while
// one runs is folded into one more run after it, so a burst of live updates costs two loads.
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

// Delegations are listed only where the node has that part of the API: `null` means it has not.
const absentAsNull = (promise) =>
  promise.catch((error) => {
    if (error.status === 404 || error.status === 501) return null;
    throw error;
  });

/** Creates the store of one wallet: `state`, `refresh()`, and `onChange(listener)`. */
export function createStore({ api, party, user }) {
  const listeners = new Set();
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
    const [proposals, delegations, names] = await Promise.all([
      absentAsNull(api.delegationProposals()),
      absentAsNull(api.delegations()),
      absentAsNull(api.ansEntries()),
      loadHistory(),
    ]);
    Object.assign(state, {
      loaded: true,
      problem: '',
      balance,
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
          state.problem = `Could not load the wallet: ${error.message}`;
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
    onChange(listener) {
      listeners.add(listener);
    },
    /** An actor moved (a live transition): shown at once, before the next refresh lands. */
    moveActor(transition) {
      if (!walletMachines.includes(transition.machine) || !state.actors) return;
      const actor = state.actors.find((known) => known.id === transition.actorId);
      if (!actor) return;
      actor.state = transition.to;
      actor.updatedAt = transition.at;
      changed();
    },
    /** Moves through the history's pages: `older`, `newer` or `newest`. */
    async page(direction) {
      const { cursors, items } = state.history;
      if (direction === 'older' && items.length > 0) cursors.push(items.at(-1).event_id);
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
