// The traffic card: buy synchronizer traffic with the wallet's coin for any validator (its
// operator party, by id or name), and follow each purchase to its end.

import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { partyName } from '../../ui-kit/assets/format.js';
import { coinForUsd, formatAmount, trafficUsd } from './decimal.js';
import { formatTime, memberName } from './format.js';
import { runForm } from './forms.js';
import { amount, cardHead, coin, empty, errorLine, field, stateBadge } from './parts.js';
import { resolveParty } from './receiver.js';

/**
 * @import { TrafficFees, ViewContext } from './wallet.js'
 * @import { WalletState, WorkflowActor } from './store.js'
 */

const hourMicros = 3_600_000_000n;
const shownPurchases = 10;

/**
 * @param {string | undefined} text
 * @param {TrafficFees | null} fees
 */
function parseBytes(text, fees) {
  const digits = String(text ?? '').replace(/[,\s_]/g, '');
  if (!/^\d+$/.test(digits)) throw new Error('The traffic amount must be a whole number of bytes.');
  const bytes = Number(digits);
  if (bytes <= 0) throw new Error('The traffic amount must be more than zero bytes.');
  if (!Number.isSafeInteger(bytes)) throw new Error('That traffic amount is too large.');
  if (fees && bytes < fees.minBytes) {
    throw new Error(`Traffic is sold ${fees.minBytes.toLocaleString()} bytes or more at a time.`);
  }
  return bytes;
}

/**
 * @param {TrafficFees | null} fees
 */
function feesHint(fees) {
  if (!fees) return undefined;
  const price = formatAmount(fees.usdPerMb);
  return `At least ${fees.minBytes.toLocaleString()} bytes; ${price} USD per MB, paid in coin.`;
}

/**
 * What `bytes` of traffic cost, in USD and in coin at `price` (USD per coin); null when the
 * node's fees or the price are not known.
 * @param {number} bytes
 * @param {{ usdPerMb: string } | null} fees
 * @param {string | null | undefined} price
 */
function priceOf(bytes, fees, price) {
  const usd = fees ? trafficUsd(bytes, fees.usdPerMb) : null;
  const coins = usd && price ? coinForUsd(usd, price) : null;
  return usd && coins ? { usd, coins } : null;
}

/**
 * The price line under the form: what the bytes asked for cost now, in coin.
 * @param {string} bytesText
 * @param {TrafficFees | null} fees
 * @param {string | null | undefined} price
 */
function priceLine(bytesText, fees, price) {
  let bytes;
  try {
    bytes = parseBytes(bytesText, null);
  } catch {
    return 'Enter the bytes to see their price.';
  }
  const cost = priceOf(bytes, fees, price);
  if (!cost) return '';
  return `${bytes.toLocaleString()} bytes cost ${formatAmount(cost.usd)} USD: about ${formatAmount(cost.coins)} ${coin} at today’s price.`;
}

/**
 * @param {ViewContext} ctx
 */
function buildForm(ctx) {
  /** @param {Record<string, unknown>} attributes */
  const input = (attributes) =>
    h('input', { autocomplete: 'off', spellcheck: 'false', ...attributes });
  const validator = input({
    id: 'traffic-validator',
    name: 'validator',
    required: true,
    value: ctx.validatorParty ?? '',
  });
  return h(
    'form',
    { class: 'stack', novalidate: true, 'aria-label': 'Buy traffic' },
    field(
      'For validator',
      validator,
      'Its operator party id (name::1220…) or a name; this validator’s is filled in.',
    ),
    field(
      'Traffic (bytes)',
      input({
        id: 'traffic-bytes',
        name: 'bytes',
        inputmode: 'numeric',
        value: '1000000',
        required: true,
      }),
      feesHint(ctx.trafficFees),
    ),
    errorLine(),
    h(
      'div',
      { class: 'row end' },
      h('button', { type: 'submit', class: 'primary' }, 'Buy traffic'),
    ),
  );
}

/**
 * @param {ViewContext} ctx
 * @param {Record<string, string>} fields
 */
async function buy(ctx, fields) {
  const bytes = parseBytes(fields.bytes, ctx.trafficFees);
  const { party, name } = await resolveParty(ctx.api, fields.validator, 'the validator');
  const info = await ctx.nodeInfo();
  await ctx.api.buyTraffic({
    receiving_validator_party_id: party,
    domain_id: info.synchronizer_id,
    traffic_amount: bytes,
    tracking_id: crypto.randomUUID(),
    expires_at: Number(BigInt(info.now_micros) + hourMicros),
  });
  return `Asked to buy ${bytes.toLocaleString()} bytes of traffic for ${name ?? partyName(party)}.`;
}

/**
 * @param {WorkflowActor} actor
 * @param {TrafficFees | null} fees
 * @param {string | null | undefined} price
 */
function purchaseRow(actor, fees, price) {
  const context = actor.context ?? {};
  const cost = priceOf(Number(context.trafficAmount ?? 0), fees, price);
  return h(
    'li',
    { class: 'item', dataset: { actor: actor.id, state: actor.state } },
    h(
      'div',
      { class: 'item-main' },
      h(
        'div',
        { class: 'item-title' },
        `${Number(context.trafficAmount ?? 0).toLocaleString()} bytes`,
        ' ',
        h('span', { class: 'muted' }, `for ${memberName(context.memberId)}`),
      ),
      h(
        'div',
        { class: 'item-meta' },
        `Asked ${formatTime(actor.createdAt)} · updated ${formatTime(actor.updatedAt)}`,
      ),
      // Why it was not bought, in the wallet automation's words (say, out of funds).
      context.rejectionReason
        ? h('div', { class: 'item-text failure' }, `Not bought: ${context.rejectionReason}`)
        : null,
    ),
    h(
      'div',
      { class: 'item-side' },
      cost
        ? h(
            'span',
            { class: 'traffic-price', title: `${cost.usd} USD at today’s price` },
            '≈ ',
            amount(cost.coins),
          )
        : null,
      stateBadge(actor.state, { machine: actor.machine }),
    ),
  );
}

/**
 * Renders the traffic card into `element`.
 * @param {HTMLElement} element
 * @param {ViewContext} ctx
 * @returns {(state: WalletState) => void}
 */
export function createTrafficView(element, ctx) {
  const form = buildForm(ctx);
  const list = h('ul', {
    class: 'items',
    id: 'traffic-purchases',
    'aria-label': 'Traffic purchases',
  });
  const bytesInput = /** @type {HTMLInputElement} */ (form.querySelector('#traffic-bytes'));
  const price = h('p', { class: 'hint', id: 'traffic-price', 'aria-live': 'polite' });
  bytesInput.after(price);
  const showPrice = () => {
    price.textContent = priceLine(bytesInput.value, ctx.trafficFees, ctx.store.state.coinPrice);
  };
  bytesInput.addEventListener('input', showPrice);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    await runForm(form, async (fields) => {
      ctx.toast(await buy(ctx, fields));
      await ctx.store.refresh();
    });
  });
  replaceChildren(
    element,
    cardHead('traffic-title', 'Buy traffic'),
    h(
      'p',
      { class: 'hint' },
      'Validators pay for what they send through the synchronizer with traffic. Your wallet pays for it in coin at the current price.',
    ),
    form,
    h('h3', { class: 'sub' }, 'Your purchases'),
    list,
  );
  return (state) => {
    if (!state.loaded) return;
    const purchases = (state.actors ?? [])
      .filter((actor) => actor.machine === 'traffic-purchase')
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
      .slice(0, shownPurchases);
    showPrice();
    /** @param {WorkflowActor} actor */
    const row = (actor) => purchaseRow(actor, ctx.trafficFees, state.coinPrice);
    replaceChildren(
      list,
      purchases.length ? purchases.map(row) : h('li', {}, empty('No purchases yet.')),
    );
  };
}
