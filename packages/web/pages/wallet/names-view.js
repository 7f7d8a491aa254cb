// The name card: the wallet's names in the name service, which others can send to instead of
// the party id, and registering one (the wallet pays the name service's subscription for it).
import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { formatTime } from './format.js';
import { runForm } from './forms.js';
import { cardHead, empty, errorLine, field } from './parts.js';

/**
 * @import { ViewContext } from './wallet.js'
 * @import { WalletState } from './store.js'
 */

const suffix = '.unverified.ans';

/**
 * @param {ViewContext} ctx
 */
function registerForm(ctx) {
  const input = h('input', {
    id: 'name-label',
    name: 'label',
    autocomplete: 'off',
    spellcheck: 'false',
    autocapitalize: 'none',
    required: true,
  });
  const form = h(
    'form',
    { class: 'stack', novalidate: true, 'aria-label': 'Register a name' },
    field(
      'Name',
      h('div', { class: 'row suffix' }, input, h('span', { class: 'muted' }, suffix)),
      'Lower-case letters, digits, - and _. Your wallet pays the name service’s fee.',
      input,
    ),
    errorLine(),
    h('div', { class: 'row end' }, h('button', { type: 'submit' }, 'Register and pay')),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    await runForm(form, async (fields) => {
      const label = String(fields.label ?? '').toLowerCase();
      if (label === '') throw new Error('Enter the name you want.');
      const name = label.endsWith(suffix) ? label : `${label}${suffix}`;
      const requested = await ctx.api.createAnsEntry({ name, url: '', description: '' });
      await ctx.api.acceptSubscription(requested.subscriptionRequestCid);
      ctx.toast(`Paid for ${name}; the name service registers it in a moment.`);
      form.reset();
      await ctx.store.refresh();
    });
  });
  return form;
}

/**
 * Renders the name card into `element`.
 * @param {HTMLElement} element
 * @param {ViewContext} ctx
 * @returns {(state: WalletState) => void}
 */
export function createNamesView(element, ctx) {
  const list = h('ul', { class: 'items', id: 'names-list', 'aria-label': 'Your names' });
  const form = registerForm(ctx);
  replaceChildren(element, cardHead('names-title', 'Your name'), list, form);
  return (state) => {
    if (!state.loaded) return;
    element.hidden = state.names === null;
    const names = state.names ?? [];
    replaceChildren(
      list,
      names.length
        ? names.map((entry) =>
            h(
              'li',
              { class: 'item', dataset: { name: entry.name } },
              h(
                'div',
                { class: 'item-main' },
                h('div', { class: 'item-title' }, entry.name),
                h('div', { class: 'item-meta' }, `Paid until ${formatTime(entry.expiresAt)}`),
              ),
            ),
          )
        : h('li', {}, empty('Others can send to a name instead of your party id.')),
    );
  };
}
