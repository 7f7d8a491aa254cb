// Pieces every card of the wallet is built from.

/** @import { Child } from '../../ui-kit/assets/dom.js' */
import { h } from '../../ui-kit/assets/dom.js';
import { partyChip } from '../../ui-kit/assets/party.js';
import { formatAmount } from './decimal.js';
import { stateTone, stateWord } from './format.js';

/** The coin's symbol, as the wallet's history details name it. */
export const coin = 'CC';

/**
 * A card's heading row: its title (the card's label) and, on the right, any actions.
 * @param {string} id
 * @param {string} title
 * @param {...Child} actions
 */
export function cardHead(id, title, ...actions) {
  return h('div', { class: 'card-head' }, h('h2', { id }, title), ...actions);
}

/**
 * An amount with its unit, in tabular figures; `signed` shows + for credits.
 * @param {string} text
 * @param {{ signed?: boolean, unit?: string }} [how]
 */
export function amount(text, { signed = false, unit = coin } = {}) {
  const shown = formatAmount(text, { signed });
  const tone = signed
    ? shown.startsWith('−')
      ? 'debit'
      : shown.startsWith('+')
        ? 'credit'
        : ''
    : '';
  return h(
    'span',
    { class: `amount ${tone}`.trim(), title: `${text} ${unit}` },
    shown,
    h('span', { class: 'unit' }, ` ${unit}`),
  );
}

/**
 * A party by its name with a button that copies its id; `you` for the wallet's own.
 * @param {string} id
 * @param {{ me?: string }} [how]
 */
export function party(id, { me } = {}) {
  return id === me ? h('span', { class: 'party', title: id }, 'you') : partyChip(id);
}

/**
 * A workflow state as a coloured badge with words (`how` as for `stateWord`).
 * @param {string} state
 * @param {string | { machine?: string | undefined, other?: string | undefined }} [how]
 */
export function stateBadge(state, how = {}) {
  const words = typeof how === 'string' ? how : stateWord(state, how);
  return h('span', { class: `badge tone-${stateTone(state)}`, dataset: { state } }, words);
}

/**
 * @param {string} text
 */
export function empty(text) {
  return h('p', { class: 'empty' }, text);
}

/** A form's error line: hidden until something goes wrong, then read out. */
export function errorLine() {
  return h('p', { class: 'error', role: 'alert', hidden: true });
}

/**
 * A labelled field: `<label>` then the control, with an optional hint under it. `input` is the
 * element the label names when `control` wraps it (an input with a suffix, say).
 * @param {string} label
 * @param {HTMLElement} control
 * @param {string} [hint]
 * @param {HTMLElement} [input]
 */
export function field(label, control, hint, input = control) {
  const hintId = hint ? `${input.id}-hint` : undefined;
  if (hintId) input.setAttribute('aria-describedby', hintId);
  return h(
    'div',
    { class: 'field' },
    h('label', { for: input.id }, label),
    control,
    hint ? h('p', { class: 'hint', id: hintId }, hint) : null,
  );
}
