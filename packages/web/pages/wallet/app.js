// The wallet page's entry: signs in (a devnet's dev token for a user name, or a pasted JWT),
// onboards a user without a wallet, then opens the wallet. A refused token brings the sign-in
// back with the reason.

import { byId, h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { messageOf, statusOf } from '../../ui-kit/assets/errors.js';
import { partyName } from '../../ui-kit/assets/format.js';
import { partyChip } from '../../ui-kit/assets/party.js';
import { showLiveStatus, tokenOfPaste, userOfToken } from '../../ui-kit/assets/session.js';
import { createApi, fetchDevToken, fetchNodeInfo } from './api.js';
import { runButton, showFormError } from './forms.js';
import { startRouter } from './router.js';
import { createToasts } from './toasts.js';
import { openWallet } from './wallet.js';

const tokenKey = 'pocketnet.wallet.token';
const screens = ['login', 'onboard', 'app'];

const toast = createToasts(byId('toasts'));
/** @type {Pick<import('@pocketnet/client/types').NodeInfo, 'devnet' | 'dev_tokens'>} */
let info = { devnet: false, dev_tokens: false };
/** @type {(() => void) | null} */
let stopWallet = null;
// Counts sign-ins and sign-outs, so a wallet still opening when its user signed out is closed.
let session = 0;

/** @param {string} screen */
function show(screen) {
  for (const id of screens) byId(id).hidden = id !== screen;
}

/** @param {string} [message] */
function showLogin(message) {
  session += 1;
  stopWallet?.();
  stopWallet = null;
  localStorage.removeItem(tokenKey);
  showLiveStatus('idle');
  replaceChildren(byId('account'));
  show('login');
  byId('user-form').hidden = !info.dev_tokens;
  showFormError(byId('login-error'), message);
  byId(info.dev_tokens ? 'user-name' : 'token-text').focus();
  byId('token-label').textContent = info.dev_tokens
    ? 'Or paste an access token (JWT)'
    : 'Paste an access token (JWT) for your user';
}

/**
 * @param {string} user
 * @param {string | null} party
 */
function showAccount(user, party) {
  replaceChildren(
    byId('account'),
    party
      ? h('span', { class: 'user' }, partyChip(party, { label: user }))
      : h('span', { class: 'user', title: 'Not onboarded yet' }, user),
    h('button', { type: 'button', class: 'link', onClick: () => showLogin() }, 'Sign out'),
  );
}

/**
 * @param {string} token
 * @param {string} user
 * @param {string} party
 * @param {import('./api.js').WalletApi} api
 */
async function enter(token, user, party, api) {
  showAccount(user, party);
  show('app');
  startRouter();
  const ctx = { api, info, toast, onStatus: showLiveStatus, nodeInfo: fetchNodeInfo };
  const opening = session;
  const stop = await openWallet({ token, party, user }, ctx);
  if (opening === session) stopWallet = stop;
  else stop();
}

/**
 * @param {string} token
 * @param {string} user
 * @param {import('./api.js').WalletApi} api
 */
function offerOnboarding(token, user, api) {
  showAccount(user, null);
  show('onboard');
  byId('onboard-lead').textContent = `${user} has no wallet on this validator yet.`;
  const button = /** @type {HTMLButtonElement} */ (byId('onboard-button'));
  button.onclick = () =>
    runButton(
      button,
      async () => {
        showFormError(byId('onboard-error'), '');
        const { party_id: party } = await api.register();
        toast(`Your wallet is ready: you are ${partyName(party)}.`);
        await enter(token, user, party, api);
      },
      (/** @type {unknown} */ error) =>
        showFormError(byId('onboard-error'), `Could not create your wallet: ${messageOf(error)}`),
    );
  button.focus();
}

/** @param {string} token */
async function signIn(token) {
  const user = userOfToken(token) ?? 'you';
  const api = createApi(token, { onUnauthorized: (error) => showLogin(error.message) });
  try {
    const status = await api.userStatus();
    localStorage.setItem(tokenKey, token);
    if (status.user_onboarded) await enter(token, user, status.party_id, api);
    else offerOnboarding(token, user, api);
  } catch (error) {
    if (statusOf(error) !== 401) {
      showLogin(`Could not open the wallet of ${user}: ${messageOf(error)}`);
    }
  }
}

byId('user-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const user = /** @type {HTMLInputElement} */ (byId('user-name')).value.trim();
  if (!user) return showFormError(byId('login-error'), 'Enter your user name.');
  try {
    await signIn(await fetchDevToken(user));
  } catch (error) {
    const hint = statusOf(error) === 404 ? ' Paste an access token below instead.' : '';
    showLogin(`${messageOf(error)}${hint}`);
  }
});

byId('token-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const token = tokenOfPaste(/** @type {HTMLTextAreaElement} */ (byId('token-text')).value);
  if (!token) return showFormError(byId('login-error'), 'Paste an access token first.');
  await signIn(token);
});

info = await fetchNodeInfo().catch(() => info);
const remembered = localStorage.getItem(tokenKey);
if (remembered) await signIn(remembered);
else showLogin();
