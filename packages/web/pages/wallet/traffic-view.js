// The traffic card: buy synchronizer traffic with the wallet's coin for any validator (its
// operator party, by id or name), and follow each purchase to its end.

import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { partyName } from '../../ui-kit/assets/format.js';
import { formatAmount } from './decimal.js';
import { formatTime, memberName } from './format.js';
import { runForm } from './forms.js';
import { cardHead, empty, errorLine, field, stateBadge } from './parts.js';
import { resolveParty } from './receiver.js';

const hourMicros = 3_600_000_000n;
const shownPurchases = 10;

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

function feesHint(fees) {
  if (!fees) return undefined;
  const price = formatAmount(fees.usdPerMb);
  return `At least ${fees.minBytes.toLocaleString()} bytes; ${price} USD per MB, paid in coin.`;
}

function buildForm(ctx) {
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

function purchaseRow(actor) {
  const context = actor.context ?? {};
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
    h('div', { class: 'item-side' }, stateBadge(actor.state, { machine: actor.machine })),
  );
}

/** Renders the traffic card into `element`. */
export function createTrafficView(element, ctx) {
  const form = buildForm(ctx);
  const list = h('ul', {
    class: 'items',
    id: 'traffic-purchases',
    'aria-label': 'Traffic purchases',
  });
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
    const purchases = state.actors
      .filter((actor) => actor.machine === 'traffic-purchase')
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
      .slice(0, shownPurchases);
    replaceChildren(
      list,
      purchases.length ? purchases.map(purchaseRow) : h('li', {}, empty('No purchases yet.')),
    );
  };
}
