// The offers card: transfers waiting for someone. Incoming offers are accepted or rejected here,
// outgoing ones withdrawn; each shows its workflow's state, from its actor.

import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { partyName } from '../../ui-kit/assets/format.js';
import { actionRow, cardErrors } from './action-row.js';
import { compare, formatAmount } from './decimal.js';
import { formatTime } from './format.js';
import { amount, cardHead, coin, empty, party, stateBadge } from './parts.js';

/** The offers, accepted offers and token-standard transfers of the state, as rows. */
function waitingTransfers(state) {
  const offer = (contract, kind) => ({
    kind,
    contractId: contract.contract_id,
    sender: contract.payload.sender,
    receiver: contract.payload.receiver,
    amount: contract.payload.amount?.amount ?? '0',
    description: contract.payload.description ?? '',
    expiresAt: contract.payload.expiresAt,
  });
  const instruction = (contract) => {
    const transfer = contract.payload.transfer ?? {};
    return {
      kind: 'instruction',
      contractId: contract.contract_id,
      sender: transfer.sender,
      receiver: transfer.receiver,
      amount: transfer.amount ?? '0',
      description: transfer.meta?.values?.['splice.lfdecentralizedtrust.org/reason'] ?? '',
      expiresAt: transfer.executeBefore,
    };
  };
  return [
    ...(state.offers ?? []).map((contract) => offer(contract, 'offer')),
    ...(state.acceptedOffers ?? []).map((contract) => offer(contract, 'accepted')),
    ...(state.instructions ?? []).map(instruction),
  ];
}

const actorOf = (state, contractId) =>
  (state.actors ?? []).find((actor) => actor.context?.contractIds?.includes(contractId));

const doneWords = { accept: 'Accepted', reject: 'Rejected', withdraw: 'Withdrew' };

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

function rowOf(row, wallet, ctx) {
  const incoming = row.receiver === wallet.party;
  const other = incoming ? row.sender : row.receiver;
  const state =
    actorOf(wallet, row.contractId)?.state ??
    { offer: 'open.created', accepted: 'open.accepted', instruction: 'pending' }[row.kind];
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

/** Renders the offers card into `element`. */
export function createOffersView(element, ctx) {
  const card = cardErrors();
  const incoming = h('ul', { class: 'items', id: 'offers-incoming', 'aria-label': 'Incoming' });
  const outgoing = h('ul', { class: 'items', id: 'offers-outgoing', 'aria-label': 'Outgoing' });
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
    const mine = (row) => row.receiver === state.party;
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
