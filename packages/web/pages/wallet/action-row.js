// A list row with a title, details, a state badge and buttons that act on it: a click disables
// its button while it runs, and a failure is shown in words by the card.
import { h } from '../../ui-kit/assets/dom.js';
import { messageOf } from '../../ui-kit/assets/errors.js';
import { runButton } from './forms.js';

/**
 * @import { Child } from '../../ui-kit/assets/dom.js'
 * @typedef {{
 *   action: string, label: string, style?: string | undefined, what: string,
 *   run: () => Promise<unknown>,
 * }} RowAction
 * @typedef {{
 *   key: string, data?: Record<string, string>, title: Child, details: Child, side?: Child,
 *   actions: readonly RowAction[],
 * }} RowSpec
 * @typedef {{ showError: (error: unknown) => void, clearError: () => void }} CardErrors
 */

/**
 * `spec`: `{ key, data, title, details, side, actions }`, each action `{ action, label, style,
 * what, run }`; `card.showError(error)` and `card.clearError()` report on the card.
 * @param {RowSpec} spec
 * @param {CardErrors} card
 */
export function actionRow(spec, card) {
  const buttons = spec.actions.map((action) => {
    const button = h(
      'button',
      {
        type: 'button',
        class: action.style ?? '',
        dataset: { key: `${action.action}-${spec.key}` },
        'aria-label': `${action.label} ${action.what}`,
      },
      action.label,
    );
    button.addEventListener('click', () =>
      runButton(
        button,
        async () => {
          card.clearError();
          await action.run();
        },
        card.showError,
      ),
    );
    return button;
  });
  return h(
    'li',
    { class: 'item', dataset: spec.data },
    h('div', { class: 'item-main' }, h('div', { class: 'item-title' }, spec.title), spec.details),
    h(
      'div',
      { class: 'item-side' },
      spec.side,
      buttons.length ? h('div', { class: 'item-actions' }, buttons) : null,
    ),
  );
}

/** A card's error line and the functions that show and clear it. */
export function cardErrors() {
  const line = h('p', { class: 'error', role: 'alert', hidden: true });
  return {
    line,
    /** @param {unknown} error */
    showError: (error) => {
      line.textContent = messageOf(error);
      line.hidden = false;
    },
    clearError: () => {
      line.hidden = true;
    },
  };
}
