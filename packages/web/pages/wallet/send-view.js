// The send card: coin to a party (by id or name), as a transfer offer the receiver accepts, or in
// one step to a receiver that accepts one-step transfers (it has a TransferPreapproval).

import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { partyName } from '../../ui-kit/assets/format.js';
import { formatAmount, parseAmountInput } from './decimal.js';
import { runForm } from './forms.js';
import { cardHead, coin, errorLine, field } from './parts.js';
import { resolveParty } from './receiver.js';

/**
 * @import { ViewContext } from './wallet.js'
 * @import { WalletState } from './store.js'
 */

const hourMicros = 3_600_000_000n;
// What the expiry select shows first.
const defaultExpiryHours = '24';
const expiries = [
  ['1', '1 hour'],
  ['24', '1 day'],
  ['168', '7 days'],
];

function modeChoice() {
  /** @type {(value: string, label: string, hint: string, checked?: boolean) => HTMLLabelElement} */
  const option = (value, label, hint, checked) =>
    h(
      'label',
      { class: 'choice' },
      h('input', { type: 'radio', name: 'mode', value, checked }),
      h('span', {}, h('strong', {}, label), h('span', { class: 'hint' }, hint)),
    );
  return h(
    'fieldset',
    { class: 'choices' },
    h('legend', {}, 'How'),
    option('offer', 'Transfer offer', 'The receiver accepts or rejects it.', true),
    option('token', 'Token transfer', 'Your coin is locked until the receiver accepts it.'),
    option('one-step', 'One step', 'Straight to a receiver that accepts one-step transfers.'),
  );
}

function buildForm() {
  /** @param {Record<string, unknown>} attributes */
  const input = (attributes) =>
    h('input', { autocomplete: 'off', spellcheck: 'false', ...attributes });
  const expiry = h(
    'select',
    { id: 'send-expiry', name: 'expiry' },
    expiries.map(([value, label]) =>
      h('option', { value, selected: value === defaultExpiryHours }, label),
    ),
  );
  return h(
    'form',
    { class: 'stack', novalidate: true, 'aria-labelledby': 'send-title' },
    field(
      'Receiver',
      input({ id: 'send-receiver', name: 'receiver', required: true }),
      'A party id (name::1220…) or a name-service name.',
    ),
    field(
      `Amount (${coin})`,
      input({ id: 'send-amount', name: 'amount', inputmode: 'decimal', required: true }),
    ),
    field(
      'Description',
      input({ id: 'send-description', name: 'description', maxlength: 279 }),
      'Optional; the receiver sees it.',
    ),
    modeChoice(),
    h(
      'div',
      { class: 'field offer-only' },
      h('label', { for: 'send-expiry' }, 'Expires after'),
      expiry,
    ),
    errorLine(),
    h('div', { class: 'row end' }, h('button', { type: 'submit', class: 'primary' }, 'Send')),
  );
}

/**
 * @param {ViewContext} ctx
 * @param {Record<string, string>} fields
 */
async function send(ctx, fields) {
  const value = parseAmountInput(fields.amount);
  const { party, name } = await resolveParty(ctx.api, fields.receiver);
  const who = name ?? partyName(party);
  if (party === ctx.store.state.party) throw new Error('You cannot send coin to yourself.');
  if (fields.mode === 'one-step') {
    await ctx.api.sendPreapproved({
      receiver_party_id: party,
      amount: value,
      deduplication_id: crypto.randomUUID(),
      ...(fields.description ? { description: fields.description } : {}),
    });
    return `Sent ${formatAmount(value)} ${coin} to ${who}.`;
  }
  const { now_micros: now } = await ctx.nodeInfo();
  const offer = {
    receiver_party_id: party,
    amount: value,
    description: fields.description ?? '',
    expires_at: Number(BigInt(now) + BigInt(fields.expiry ?? defaultExpiryHours) * hourMicros),
    tracking_id: crypto.randomUUID(),
  };
  if (fields.mode === 'token') {
    const { output } = await ctx.api.createTokenTransfer(offer);
    // A receiver that takes one-step transfers gets a token transfer at once.
    if (!output.transfer_instruction_cid) return `Sent ${formatAmount(value)} ${coin} to ${who}.`;
  } else {
    await ctx.api.createOffer(offer);
  }
  return `Offered ${formatAmount(value)} ${coin} to ${who}. It waits for them to accept.`;
}

/**
 * Renders the send card into `element`.
 * @param {HTMLElement} element
 * @param {ViewContext} ctx
 * @returns {(state: WalletState) => void}
 */
export function createSendView(element, ctx) {
  const form = buildForm();
  const offerOnly = /** @type {HTMLElement} */ (form.querySelector('.offer-only'));
  const mode = /** @type {RadioNodeList} */ (form.elements.namedItem('mode'));
  form.addEventListener('change', () => {
    offerOnly.hidden = mode.value === 'one-step';
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    await runForm(form, async (fields) => {
      ctx.toast(await send(ctx, fields));
      form.reset();
      offerOnly.hidden = false;
      await ctx.store.refresh();
    });
  });
  replaceChildren(element, cardHead('send-title', 'Send'), form);
  return () => {};
}
