// The receive card: the party others send to, and whether it takes one-step transfers (a
// TransferPreapproval its validator provides).
import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { messageOf, statusOf } from '../../ui-kit/assets/errors.js';
import { partyName } from '../../ui-kit/assets/format.js';
import { formatTime } from './format.js';
import { runButton } from './forms.js';
import { cardHead } from './parts.js';

/**
 * @import { ViewContext } from './wallet.js'
 * @import { WalletState } from './store.js'
 */

/**
 * @param {string} text
 * @param {ViewContext} ctx
 */
async function copy(text, ctx) {
  try {
    await navigator.clipboard.writeText(text);
    ctx.toast('Party id copied.');
  } catch {
    ctx.toast('Copying is not allowed here: select the party id and copy it yourself.');
  }
}

/**
 * @param {WalletState} state
 * @param {ViewContext} ctx
 */
function preapprovalPart(state, ctx) {
  const { preapproval } = state;
  if (preapproval) {
    const { expiresAt: expires } = /** @type {{ expiresAt?: string }} */ (preapproval.payload);
    return h(
      'p',
      { class: 'status-line tone-good', id: 'preapproval-status' },
      `You accept one-step transfers${expires ? ` (until ${formatTime(expires)})` : ''}.`,
    );
  }
  const button = h(
    'button',
    { type: 'button', id: 'preapproval-create' },
    'Accept one-step transfers',
  );
  const problem = h('p', { class: 'error', role: 'alert', hidden: true });
  button.addEventListener('click', () =>
    runButton(
      button,
      async () => {
        try {
          await ctx.api.createPreapproval();
        } catch (error) {
          if (statusOf(error) !== 409) throw error;
        }
        ctx.toast('You now accept one-step transfers.');
        await ctx.store.refresh();
      },
      (error) => {
        problem.textContent = messageOf(error);
        problem.hidden = false;
      },
    ),
  );
  return h(
    'div',
    { class: 'stack', id: 'preapproval-status' },
    h('p', { class: 'hint' }, 'Senders then pay you in one step, without an offer to accept.'),
    h('div', {}, button),
    problem,
  );
}

/**
 * Renders the receive card into `element`.
 * @param {HTMLElement} element
 * @param {ViewContext} ctx
 * @returns {(state: WalletState) => void}
 */
export function createReceiveView(element, ctx) {
  const body = h('div', { class: 'stack' });
  replaceChildren(element, cardHead('receive-title', 'Receive'), body);
  return (state) => {
    replaceChildren(
      body,
      h('p', { class: 'hint' }, `Others send to ${partyName(state.party)} with this party id:`),
      h(
        'div',
        { class: 'row copy' },
        h('code', { class: 'party-id', id: 'my-party' }, state.party),
        h('button', { type: 'button', onClick: () => copy(state.party, ctx) }, 'Copy'),
      ),
      state.loaded ? preapprovalPart(state, ctx) : null,
    );
  };
}
