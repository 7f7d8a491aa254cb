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

/** The synchronizer's traffic fees in the network's rules now, if it could tell. */
function trafficFeesOf(rules) {
  const config = rules?.amulet_rules?.contract?.payload?.configSchedule?.initialValue;
  const fees = config?.decentralizedSynchronizer?.fees;
  return fees ? { minBytes: Number(fees.minTopupAmount), usdPerMb: fees.extraTrafficPrice } : null;
}

/** Opens the wallet of `party` for the signed-in user; `ctx` has api, info, toast, onStatus. */
export async function openWallet({ token, party, user }, ctx) {
  const store = createStore({ api: ctx.api, party, user });
  const [validator, rules] = await Promise.all([
    ctx.api.validatorUser().catch(() => null),
    ctx.api.amuletRules().catch(() => null),
  ]);
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
      reverted: (reason) => ctx.toast?.(`The node was put back: ${reason}`),
      transition: (transition) => {
        store.moveActor(transition);
        refresh();
      },
      status: ctx.onStatus,
    },
  );
}
