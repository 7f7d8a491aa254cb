// The inspector page's entry: signs in (a devnet's dev token for a user name, or a pasted JWT),
// then runs the inspector; a refused token brings the sign-in back with the reason.

import { byId, h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { messageOf, statusOf } from '../../ui-kit/assets/errors.js';
import { showLiveStatus, tokenOfPaste, userOfToken } from '../../ui-kit/assets/session.js';
import { createApi, fetchDevToken } from './api.js';
import { createInspector } from './inspector.js';

const tokenKey = 'pocketnet.inspect.token';

const ui = {
  app: byId('app'),
  login: byId('login'),
  loginError: byId('login-error'),
  userForm: byId('user-form'),
  userName: /** @type {HTMLInputElement} */ (byId('user-name')),
  tokenForm: byId('token-form'),
  tokenText: /** @type {HTMLTextAreaElement} */ (byId('token-text')),
  account: byId('account'),
  machines: byId('machines'),
  machineTitle: byId('machine-title'),
  machineDescription: byId('machine-description'),
  chart: byId('chart'),
  chartZoom: byId('chart-zoom'),
  mermaid: byId('mermaid'),
  stateFilter: /** @type {HTMLSelectElement} */ (byId('state-filter')),
  statusFilter: /** @type {HTMLSelectElement} */ (byId('status-filter')),
  search: /** @type {HTMLInputElement} */ (byId('search')),
  actorsCount: byId('actors-count'),
  actorList: byId('actor-list'),
  detail: byId('detail-body'),
  activity: byId('activity'),
};

/** @type {ReturnType<typeof createInspector> | null} */
let inspector = null;

/** @param {string} [message] */
function showLogin(message) {
  inspector?.stop();
  inspector = null;
  showLiveStatus('idle');
  ui.app.hidden = true;
  ui.login.hidden = false;
  replaceChildren(ui.account);
  ui.loginError.textContent = message ?? '';
  ui.loginError.hidden = !message;
  ui.userName.focus();
}

function signOut() {
  localStorage.removeItem(tokenKey);
  showLogin();
}

/** @param {string} token */
async function signIn(token) {
  localStorage.setItem(tokenKey, token);
  ui.login.hidden = true;
  ui.app.hidden = false;
  const user = userOfToken(token) ?? 'unknown user';
  replaceChildren(
    ui.account,
    h('span', { class: 'user', title: 'Signed in as' }, user),
    h('button', { type: 'button', class: 'link', onClick: signOut }, 'Sign out'),
  );
  inspector = createInspector(ui, createApi(token), {
    onStatus: showLiveStatus,
    onAuthFailure: (error) => {
      localStorage.removeItem(tokenKey);
      showLogin(`${user}: ${error.message}`);
    },
  });
  try {
    await inspector.start();
  } catch (error) {
    localStorage.removeItem(tokenKey);
    const status = statusOf(error);
    showLogin(
      status === 401 || status === 403
        ? messageOf(error)
        : `The node did not answer: ${messageOf(error)}`,
    );
  }
}

ui.userForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const user = ui.userName.value.trim();
  if (!user) return;
  try {
    await signIn(await fetchDevToken(user));
  } catch (error) {
    const hint = statusOf(error) === 404 ? ' Paste a token below instead.' : '';
    showLogin(`${messageOf(error).replace(/\.$/, '')}.${hint}`);
  }
});

ui.tokenForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const token = tokenOfPaste(ui.tokenText.value);
  if (token) await signIn(token);
});

const remembered = localStorage.getItem(tokenKey);
if (remembered) await signIn(remembered);
else showLogin();
