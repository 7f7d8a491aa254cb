// One signed-in, onboarded wallet: its store, its cards, and the live subscription that keeps
// them current. Returns `stop()` for signing out.
import { byId } from '../../ui-kit/assets/dom.js';
import { createBalanceView } from './balance-view.js';
import { createDelegationsView } from './delegations-view.js';
import { createHistoryView } from './history-view.js';
import { createHoldingsView } from './holdings-view.js';
import { startLive } from './live.js';
import { createNamesView } from './names-view.js';
import { createOffersView } from './offers-view.js';
import { createReceiveView } from './receive-view.js';
import { createSendView } from './send-view.js';
import { createStore } from './store.js';
import { createTrafficView } from './traffic-view.js';
import { createWorkflowsView } from './workflows-view.js';

/**
 * @import { ContractWithState, NodeInfo } from '@pocketnet/client/types'
 * @import { WalletApi } from './api.js'
 * @import { WalletStore } from './store.js'
 */

/**
 * The synchronizer's traffic fees: the fewest bytes a purchase buys, the price in USD per MB.
 * @typedef {{ minBytes: number, usdPerMb: string }} TrafficFees
 */

/**
 * What the page hands the wallet: its APIs, what it knows of the node, and its helpers.
 * @typedef {{
 *   api: WalletApi,
 *   info: Pick<NodeInfo, 'devnet' | 'dev_tokens'>,
 *   toast: (message: string) => void,
 *   onStatus: (status: string) => void,
 *   nodeInfo: () => Promise<NodeInfo>,
 * }} PageContext
 */

/**
 * What every card is made with: the page's context, the wallet's store, the validator's party
 * and the traffic fees.
 * @typedef {PageContext & {
 *   store: WalletStore,
 *   validatorParty: string,
 *   trafficFees: TrafficFees | null,
 * }} ViewContext
 */

/**
 * The fee schedule's part of AmuletRules' payload that traffic purchases read.
 * @typedef {{ configSchedule?: { initialValue?: { decentralizedSynchronizer?: {
 *   fees?: { minTopupAmount: string, extraTrafficPrice: string },
 * } } } }} RulesPayload
 */

const views = {
  balance: createBalanceView,
  send: createSendView,
  receive: createReceiveView,
  names: createNamesView,
  offers: createOffersView,
  workflows: createWorkflowsView,
  history: createHistoryView,
  holdings: createHoldingsView,
  traffic: createTrafficView,
  delegations: createDelegationsView,
};

/**
 * The synchronizer's traffic fees in the network's rules now, if it could tell.
 * @param {{ amulet_rules: ContractWithState } | null} rules
 * @returns {TrafficFees | null}
 */
function trafficFeesOf(rules) {
  const payload = /** @type {RulesPayload | undefined} */ (rules?.amulet_rules.contract.payload);
  const config = payload?.configSchedule?.initialValue;
  const fees = config?.decentralizedSynchronizer?.fees;
  return fees ? { minBytes: Number(fees.minTopupAmount), usdPerMb: fees.extraTrafficPrice } : null;
}

/**
 * Opens the wallet of `party` for the signed-in user; `ctx` has api, info, toast, onStatus.
 * @param {{ token: string, party: string, user: string }} session
 * @param {PageContext} ctx
 * @returns {Promise<() => void>}
 */
export async function openWallet({ token, party, user }, ctx) {
  const store = createStore({ api: ctx.api, party, user });
  const [validator, rules] = await Promise.all([
    ctx.api.validatorUser().catch(() => null),
    ctx.api.amuletRules().catch(() => null),
  ]);
  /** @type {ViewContext} */
  const viewCtx = {
    ...ctx,
    store,
    validatorParty: validator?.party_id ?? '',
    trafficFees: trafficFeesOf(rules),
  };
  const renders = Object.entries(views).map(([id, create]) => create(byId(id), viewCtx));
  const problem = byId('wallet-problem');
  store.onChange((state) => {
    for (const render of renders) render(state);
    problem.textContent = state.problem;
    problem.hidden = !state.problem;
  });
  const { ledgerEnd } = await ctx.api.graphql('query WalletStart { ledgerEnd }');
  await store.refresh();
  const refresh = () => void store.refresh();
  return startLive(
    { token, party, after: ledgerEnd },
    {
      update: refresh,
      resumed: refresh,
      reverted: (/** @type {string} */ reason) => ctx.toast?.(`The node was put back: ${reason}`),
      transition: (transition) => {
        store.moveActor(transition);
        refresh();
      },
      status: ctx.onStatus,
    },
  );
}
