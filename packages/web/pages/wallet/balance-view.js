// The balance card: what the wallet can spend, what is locked, what holding fees have eaten, and
// on a devnet the faucet.

import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { formatAmount, parseAmountInput } from './decimal.js';
import { runForm } from './forms.js';
import { amount, cardHead, coin, errorLine, field } from './parts.js';

/**
 * @import { ViewContext } from './wallet.js'
 * @import { WalletState } from './store.js'
 */

/**
 * How much coin the amulet `contractId` holds, in words (`2,000.00 CC`), read back from the
 * wallet's holdings: the faucet pays at the round's price, which the page does not guess.
 * @param {{ api: import('./api.js').WalletApi }} ctx
 * @param {string} contractId
 */
async function coinOf(ctx, contractId) {
  const { amulets } = await ctx.api.amulets();
  const tapped = amulets.find(({ contract }) => contract.contract.contract_id === contractId);
  const held = /** @type {{ amount?: { initialAmount?: string } } | undefined} */ (
    tapped?.contract.contract.payload
  );
  const initial = held?.amount?.initialAmount;
  return initial ? `${formatAmount(initial)} ${coin}` : 'coin at the round’s price';
}

/**
 * @param {ViewContext} ctx
 */
function tapForm(ctx) {
  const input = h('input', {
    id: 'tap-amount',
    name: 'amount',
    inputmode: 'decimal',
    autocomplete: 'off',
    value: '10',
    required: true,
  });
  const form = h(
    'form',
    { class: 'tap', novalidate: true, 'aria-label': 'Tap test coin' },
    field('Get test coin (USD worth)', input, 'The devnet faucet pays this much at today’s price.'),
    h('div', { class: 'row end' }, h('button', { type: 'submit' }, 'Tap')),
    errorLine(),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    await runForm(form, async (fields) => {
      const usd = parseAmountInput(fields.amount, 'The amount to tap');
      const { contract_id: tapped } = await ctx.api.tap(usd);
      ctx.toast(`Tapped ${formatAmount(usd)} USD: ${await coinOf(ctx, tapped)}.`);
      await ctx.store.refresh();
    });
  });
  return form;
}

/**
 * Renders the balance card into `element`.
 * @param {HTMLElement} element
 * @param {ViewContext} ctx
 * @returns {(state: WalletState) => void}
 */
export function createBalanceView(element, ctx) {
  const figures = h('div', { class: 'figures', id: 'balance-figures' });
  replaceChildren(
    element,
    cardHead('balance-title', 'Balance'),
    figures,
    ctx.info.devnet ? tapForm(ctx) : null,
  );
  return (state) => {
    const { balance } = state;
    if (!balance) return replaceChildren(figures, h('p', { class: 'empty' }, 'Loading…'));
    replaceChildren(
      figures,
      h(
        'div',
        { class: 'figure headline', id: 'balance-available' },
        h('span', { class: 'figure-label' }, 'Available'),
        amount(balance.effective_unlocked_qty),
      ),
      h(
        'div',
        { class: 'figure', id: 'balance-locked' },
        h('span', { class: 'figure-label' }, 'Locked'),
        amount(balance.effective_locked_qty),
      ),
      h(
        'div',
        { class: 'figure', id: 'balance-fees' },
        h('span', { class: 'figure-label' }, 'Holding fees'),
        amount(balance.total_holding_fees),
      ),
      h('p', { class: 'hint figure-note' }, `As of mining round ${balance.round}.`),
    );
  };
}
