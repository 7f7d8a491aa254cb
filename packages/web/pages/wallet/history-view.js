// The history card: the wallet's transactions, newest first, a page at a time. Each says what
// happened in words and how it changed this wallet's balance.

import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { partyName } from '../../ui-kit/assets/format.js';
import { formatAmount, sum, toUnits } from './decimal.js';
import { formatTime } from './format.js';
import { amount, cardHead, empty } from './parts.js';

/**
 * @import { HistoryItem } from '@pocketnet/client/types'
 * @import { ViewContext } from './wallet.js'
 * @import { WalletState } from './store.js'
 */

/** @type {Record<string, string | undefined>} */
const operationNames = {
  AmuletRules_DevNet_Tap: 'Faucet tap',
  CO_CompleteAcceptedTransfer: 'Transfer offer paid',
  AcceptedTransferOffer_Complete: 'Transfer offer paid',
  TransferPreapproval_Send: 'One-step transfer',
  CO_BuyMemberTraffic: 'Traffic bought',
  AmuletRules_BuyMemberTraffic: 'Traffic bought',
  TransferFactory_Transfer: 'Token transfer',
  TransferInstruction_Accept: 'Token transfer accepted',
  TransferInstruction_Withdraw: 'Token transfer withdrawn',
  TransferInstruction_Reject: 'Token transfer rejected',
  CO_MergeTransferInputs: 'Holdings merged',
  CO_SubscriptionAcceptAndMakeInitialPayment: 'Subscription paid',
};

/**
 * @param {string | undefined} choice
 */
const words = (choice) =>
  String(choice ?? '')
    .replace(/^[A-Z][A-Za-z]*_/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/** @type {Record<string, string | undefined>} */
const pastTense = {
  Create: 'created',
  Accept: 'accepted',
  Reject: 'rejected',
  Withdraw: 'withdrawn',
  Expire: 'expired',
  Abort: 'aborted',
  Cancel: 'cancelled',
};

/**
 * `…:Splice.Wallet.TransferOffer:TransferOffer` → `Transfer offer`.
 * @param {string | undefined} templateId
 */
const entityOf = (templateId) =>
  words(
    String(templateId ?? '')
      .split(':')
      .at(-1),
  );

/**
 * @param {HistoryItem} item
 */
function titleOf(item) {
  const {
    choice,
    amulet_operation: operation,
    template_id: template,
  } = item.transaction_subtype ?? {};
  const named = operationNames[operation ?? ''] ?? operationNames[choice ?? ''];
  if (named) return named;
  const verb = pastTense[String(choice).replace(/^.*_/, '')];
  return verb ? `${entityOf(template)} ${verb}` : words(choice);
}

/**
 * A notification's details with parties by name and without tracking ids.
 * @param {string | undefined} text
 */
const readable = (text) =>
  String(text ?? '')
    .replace(/([^\s:()]+)::[0-9a-f]{16,}/gi, '$1')
    .replace(/ \(tracking id [^)]*\)/g, '')
    .replace(/\b\d+\.\d{10}\b/g, (numeric) => formatAmount(numeric));

/**
 * How the entry changed `me`'s balance, as a decimal string; null when it did not say.
 * @param {HistoryItem} item
 * @param {string} me
 */
function changeOf(item, me) {
  /** @type {string[]} */
  const amounts = [];
  if (item.sender?.party === me) amounts.push(item.sender.amount);
  for (const receiver of item.receivers ?? [])
    if (receiver.party === me) amounts.push(receiver.amount);
  return amounts.length ? sum(amounts) : null;
}

/**
 * What an entry adds in words about locked coin: a token transfer or a payment locks the amount
 * (the spendable balance moves then), and the acceptance or the app's collection pays from that
 * lock, so that entry changes the payer's balance by nothing.
 * @param {HistoryItem} item
 * @param {string} me
 */
function lockNoteOf(item, me) {
  const choice = item.transaction_subtype?.choice;
  const to = item.transfer_instruction_receiver;
  if (choice === 'TransferFactory_Transfer' && to && item.sender?.party === me) {
    return `Locked until ${partyName(to)} accepts it.`;
  }
  const paidFromLock =
    item.sender?.party === me &&
    toUnits(item.sender.amount) === 0n &&
    (item.receivers ?? []).some((receiver) => receiver.party !== me);
  if (paidFromLock) {
    return choice === 'TransferInstruction_Accept'
      ? 'Paid from the coin locked when you sent it.'
      : 'Paid from the coin locked when you accepted the payment.';
  }
  if (item.transaction_subtype?.amulet_operation === 'CO_SubscriptionAcceptAndMakeInitialPayment') {
    return 'Locked until the provider collects it.';
  }
  return '';
}

/**
 * @param {HistoryItem} item
 * @param {string} me
 */
function counterpartOf(item, me) {
  if (item.transaction_type !== 'transfer') return '';
  if (item.transfer_instruction_receiver && item.sender?.party === me) {
    return `to ${partyName(item.transfer_instruction_receiver)}`;
  }
  if (item.sender?.party !== me) return `from ${partyName(item.sender?.party)}`;
  const others = (item.receivers ?? []).filter((receiver) => receiver.party !== me);
  return others.length
    ? `to ${others.map((receiver) => partyName(receiver.party)).join(', ')}`
    : '';
}

/**
 * Text that only says the title again (`Transfer offer accepted`), which the row shows once.
 * @param {string} a
 * @param {string} b
 */
const sameWords = (a, b) =>
  a.replace(/[.\s]+$/, '').toLowerCase() === b.replace(/[.\s]+$/, '').toLowerCase();

/**
 * @param {HistoryItem} item
 * @param {string} me
 */
function rowOf(item, me) {
  const change = changeOf(item, me);
  const title = titleOf(item);
  const said = item.transaction_type === 'notification' ? readable(item.details) : item.description;
  const text = said && !sameWords(said, title) ? said : '';
  const note = lockNoteOf(item, me);
  return h(
    'li',
    { class: 'item', dataset: { event: item.event_id, type: item.transaction_type } },
    h(
      'div',
      { class: 'item-main' },
      h(
        'div',
        { class: 'item-title' },
        title,
        ' ',
        h('span', { class: 'muted' }, counterpartOf(item, me)),
      ),
      text ? h('div', { class: 'item-text' }, text) : null,
      note ? h('div', { class: 'item-meta' }, note) : null,
      h('div', { class: 'item-meta' }, h('time', { datetime: item.date }, formatTime(item.date))),
    ),
    h(
      'div',
      { class: 'item-side' },
      change !== null && toUnits(change) !== 0n ? amount(change, { signed: true }) : null,
    ),
  );
}

/**
 * Renders the history card into `element`.
 * @param {HTMLElement} element
 * @param {ViewContext} ctx
 * @returns {(state: WalletState) => void}
 */
export function createHistoryView(element, ctx) {
  const list = h('ul', {
    class: 'items history',
    id: 'history-items',
    'aria-label': 'Transactions',
  });
  const newer = h('button', { type: 'button', id: 'history-newer' }, '← Newer');
  const older = h('button', { type: 'button', id: 'history-older' }, 'Older →');
  const page = h('span', { class: 'muted', id: 'history-page', 'aria-live': 'polite' });
  // A button disabled at the end of the pages would drop the focus: it moves to the other one.
  /** @type {(direction: 'older' | 'newer', button: HTMLButtonElement, other: HTMLButtonElement) => Promise<void>} */
  const turn = async (direction, button, other) => {
    await ctx.store.page(direction);
    if (button.disabled && !other.disabled) other.focus();
  };
  newer.addEventListener('click', () => turn('newer', newer, older));
  older.addEventListener('click', () => turn('older', older, newer));
  replaceChildren(
    element,
    cardHead('history-title', 'History'),
    list,
    h('div', { class: 'pager' }, newer, page, older),
  );
  return (state) => {
    if (!state.loaded) return;
    const { items, cursors, hasOlder, loading } = state.history;
    replaceChildren(
      list,
      items.length
        ? items.map((item) => rowOf(item, state.party))
        : h('li', {}, empty('No transactions yet.')),
    );
    newer.disabled = cursors.length <= 1;
    older.disabled = !hasOlder;
    list.setAttribute('aria-busy', String(loading));
    page.textContent = `Page ${cursors.length}`;
  };
}
