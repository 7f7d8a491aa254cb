// The offers card: transfers waiting for someone. Incoming offers are accepted or rejected here,
// outgoing ones withdrawn; each shows its workflow's state, from its actor.

import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { partyName } from '../../ui-kit/assets/format.js';
import { actionRow, cardErrors } from './action-row.js';
import { compare, formatAmount } from './decimal.js';
import { formatTime } from './format.js';
import { amount, cardHead, coin, empty, party, stateBadge } from './parts.js';

/**
 * @import { Contract } from '@pocketnet/client/types'
 * @import { CardErrors } from './action-row.js'
 * @import { ViewContext } from './wallet.js'
 * @import { WalletState } from './store.js'
 * @typedef {ViewContext & { card: CardErrors }} RowContext
 * A transfer waiting for someone, whichever contract holds it.
 * @typedef {{
 *   kind: 'offer' | 'accepted' | 'instruction', contractId: string, sender: string,
 *   receiver: string, amount: string, description: string, expiresAt: string | undefined,
 * }} WaitingTransfer
 * What an offer's (or accepted offer's) payload tells.
 * @typedef {{
 *   sender: string, receiver: string, amount?: { amount?: string }, description?: string,
 *   expiresAt?: string,
 * }} OfferPayload
 * What a TransferInstruction's payload tells, under `transfer`.
 * @typedef {{ transfer?: {
 *   sender: string, receiver: string, amount?: string, executeBefore?: string,
 *   meta?: { values?: Record<string, string | undefined> },
 * } }} InstructionPayload
 */

/**
 * The offers, accepted offers and token-standard transfers of the state, as rows.
 * @param {WalletState} state
 * @returns {WaitingTransfer[]}
 */
function waitingTransfers(state) {
  /** @type {(contract: Contract, kind: 'offer' | 'accepted') => WaitingTransfer} */
  const offer = (contract, kind) => {
    const payload = /** @type {OfferPayload} */ (contract.payload);
    return {
      kind,
      contractId: contract.contract_id,
      sender: payload.sender,
      receiver: payload.receiver,
      amount: payload.amount?.amount ?? '0',
      description: payload.description ?? '',
      expiresAt: payload.expiresAt,
    };
  };
  /** @type {(contract: Contract) => WaitingTransfer} */
  const instruction = (contract) => {
    const transfer = /** @type {InstructionPayload} */ (contract.payload).transfer;
    return {
      kind: 'instruction',
      contractId: contract.contract_id,
      sender: transfer?.sender ?? '',
      receiver: transfer?.receiver ?? '',
      amount: transfer?.amount ?? '0',
      description: transfer?.meta?.values?.['splice.lfdecentralizedtrust.org/reason'] ?? '',
      expiresAt: transfer?.executeBefore,
    };
  };
  return [
    ...(state.offers ?? []).map((contract) => offer(contract, 'offer')),
    ...(state.acceptedOffers ?? []).map((contract) => offer(contract, 'accepted')),
    ...(state.instructions ?? []).map(instruction),
  ];
}

/**
 * @param {WalletState} state
 * @param {string} contractId
 */
const actorOf = (state, contractId) =>
  (state.actors ?? []).find((actor) => actor.context?.contractIds?.includes(contractId));

/** @type {Record<'accept' | 'reject' | 'withdraw', string>} */
const doneWords = { accept: 'Accepted', reject: 'Rejected', withdraw: 'Withdrew' };

/**
 * @param {WaitingTransfer} row
 * @param {boolean} incoming
 * @returns {Array<[action: 'accept' | 'reject' | 'withdraw', label: string, style: string]>}
 */
function actionsOf(row, incoming) {
  if (row.kind === 'accepted') return [];
  if (incoming) {
    return [
      ['accept', 'Accept', 'primary'],
      ['reject', 'Reject', ''],
    ];
  }
  return [['withdraw', 'Withdraw', '']];
}

/**
 * @param {WaitingTransfer} row
 * @param {boolean} incoming
 * @param {string} other
 * @param {WalletState} wallet
 */
function wordsOf(row, incoming, other, wallet) {
  if (row.kind !== 'accepted') {
    const machine = row.kind === 'instruction' ? 'transfer-instruction' : 'transfer-offer';
    return { machine, other: incoming ? 'you' : partyName(other) };
  }
  if (incoming) return `Accepted, waiting for ${partyName(other)}’s wallet to pay`;
  // The wallet pays it as soon as it holds enough: until then the payment is pending.
  const held = wallet.balance?.effective_unlocked_qty;
  return held !== undefined && compare(held, row.amount) < 0
    ? `Accepted, not paid: your wallet holds ${formatAmount(held)} of ${formatAmount(row.amount)} ${coin}`
    : 'Accepted, your wallet is paying it';
}

/** The state of a transfer whose actor is not known yet. */
const firstStates = { offer: 'open.created', accepted: 'open.accepted', instruction: 'pending' };

/**
 * @param {WaitingTransfer} row
 * @param {WalletState} wallet
 * @param {RowContext} ctx
 */
function rowOf(row, wallet, ctx) {
  const incoming = row.receiver === wallet.party;
  const other = incoming ? row.sender : row.receiver;
  const state = actorOf(wallet, row.contractId)?.state ?? firstStates[row.kind];
  const noun = row.kind === 'instruction' ? 'transfer' : 'offer';
  const what = `the ${noun} of ${formatAmount(row.amount)} ${coin} ${incoming ? 'from' : 'to'} ${partyName(other)}`;
  const actions = actionsOf(row, incoming).map(([action, label, style]) => ({
    action,
    label,
    style,
    what,
    run: async () => {
      if (row.kind === 'instruction') await ctx.api.instructionAction(row.contractId, action);
      else await ctx.api.offerAction(row.contractId, action);
      ctx.toast(`${doneWords[action]} ${what}.`);
      await ctx.store.refresh();
    },
  }));
  return actionRow(
    {
      key: row.contractId,
      data: {
        contract: row.contractId,
        direction: incoming ? 'incoming' : 'outgoing',
        kind: row.kind,
      },
      title: [incoming ? 'From ' : 'To ', party(other)],
      details: [
        row.description ? h('div', { class: 'item-text' }, row.description) : null,
        row.expiresAt
          ? h('div', { class: 'item-meta' }, `Expires ${formatTime(row.expiresAt)}`)
          : null,
      ],
      side: [amount(row.amount), stateBadge(state, wordsOf(row, incoming, other, wallet))],
      actions,
    },
    ctx.card,
  );
}

/**
 * Renders the offers card into `element`.
 * @param {HTMLElement} element
 * @param {ViewContext} ctx
 * @returns {(state: WalletState) => void}
 */
export function createOffersView(element, ctx) {
  const card = cardErrors();
  const incoming = h('ul', { class: 'items', id: 'offers-incoming', 'aria-label': 'Incoming' });
  const outgoing = h('ul', { class: 'items', id: 'offers-outgoing', 'aria-label': 'Outgoing' });
  /** @type {RowContext} */
  const rowCtx = { ...ctx, card };
  replaceChildren(
    element,
    cardHead('offers-title', 'Waiting transfers'),
    card.line,
    h('h3', { class: 'sub' }, 'Incoming'),
    incoming,
    h('h3', { class: 'sub' }, 'Outgoing'),
    outgoing,
  );
  return (state) => {
    if (!state.loaded) return;
    const rows = waitingTransfers(state);
    /** @param {WaitingTransfer} row */
    const mine = (row) => row.receiver === state.party;
    /** @type {(wanted: (row: WaitingTransfer) => boolean, none: string) => Element | Element[]} */
    const list = (wanted, none) => {
      const shown = rows.filter(wanted).map((row) => rowOf(row, state, rowCtx));
      return shown.length ? shown : h('li', {}, empty(none));
    };
    replaceChildren(incoming, list(mine, 'Nothing is waiting for you.'));
    replaceChildren(
      outgoing,
      list((row) => !mine(row), 'You are not waiting on anyone.'),
    );
  };
}
