// The GraphQL page's entry: signs in as the other pages do (a devnet's dev token for a user
// name, or a pasted JWT), then opens GraphiQL with the token in its headers. GraphiQL's code is
// the node's own copy (/graphql/assets/graphiql.js, Monaco's workers beside it): nothing is
// loaded from elsewhere, so the page works without a network.

import { createClient } from '@pocketnet/client';
import { h, replaceChildren } from '../../ui-kit/assets/dom.js';
import { explain, messageOf, statusOf } from '../../ui-kit/assets/errors.js';
import { tokenOfPaste, userOfToken } from '../../ui-kit/assets/session.js';

const tokenKey = 'pocketnet.graphql.token';

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const loginError = byId('login-error');

const defaultQuery = `# Runs as the user you signed in as: its token is in the headers below.
query Me {
  me { id primaryParty }
  ledgerEnd
}
`;

/** Monaco's workers by the label it asks for them with, each a file of the node's. */
const workers = /** @type {Record<string, string>} */ ({
  editorWorkerService: '/graphql/assets/editor.worker.js',
  json: '/graphql/assets/json.worker.js',
  graphql: '/graphql/assets/graphql.worker.js',
});

/** @param {string} [message] */
function showLogin(message) {
  byId('graphiql').hidden = true;
  byId('login').hidden = false;
  replaceChildren(byId('account'));
  loginError.textContent = message ?? '';
  loginError.hidden = !message;
  byId('user-name').focus();
}

function signOut() {
  localStorage.removeItem(tokenKey);
  // GraphiQL cannot be unmounted through its bundle's API: a fresh page starts it clean.
  location.reload();
}

/** Loads GraphiQL's bundle, a classic script that defines `YogaGraphiQL`. */
function loadGraphiQL() {
  Object.assign(self, {
    MonacoEnvironment: {
      globalAPI: false,
      /** @param {string} _module @param {string} label */
      getWorkerUrl: (_module, label) => workers[label] ?? workers.editorWorkerService,
    },
  });
  return new Promise((resolve, reject) => {
    const script = h('script', { src: '/graphql/assets/graphiql.js' });
    script.addEventListener('load', resolve);
    script.addEventListener('error', () => reject(new Error('GraphiQL did not load.')));
    document.head.append(script);
  });
}

/** @param {string} token */
async function openGraphiQL(token) {
  const user = userOfToken(token) ?? 'unknown user';
  try {
    // A refused token is told on the sign-in, not as GraphiQL's first answer.
    await createClient({ token, explain }).graphql('query SignIn { me { id } }');
  } catch (error) {
    localStorage.removeItem(tokenKey);
    const reason = messageOf(error);
    return showLogin(statusOf(error) === 0 ? reason : `${user} cannot sign in: ${reason}`);
  }
  // Each visit starts with one tab holding this token: GraphiQL, given tabs it stored, would
  // add an empty one besides (its history keeps the operations run before).
  localStorage.removeItem('graphiql:tabState');
  localStorage.setItem(tokenKey, token);
  byId('login').hidden = true;
  replaceChildren(
    byId('account'),
    h('span', { class: 'user', title: 'Signed in as' }, user),
    h('button', { type: 'button', class: 'link', onClick: signOut }, 'Sign out'),
  );
  const root = byId('graphiql');
  root.hidden = false;
  await loadGraphiQL();
  const graphiql = /** @type {{ renderYogaGraphiQL(root: Element, options: object): void }} */ (
    Reflect.get(self, 'YogaGraphiQL')
  );
  graphiql.renderYogaGraphiQL(root, {
    endpoint: '/graphql',
    title: 'pocketnet GraphQL',
    defaultQuery,
    // Every tab starts with the token in its headers; GraphiQL keeps none in its storage.
    defaultHeaders: JSON.stringify({ Authorization: `Bearer ${token}` }, null, 2),
    shouldPersistHeaders: false,
    defaultEditorToolsVisibility: 'headers',
  });
}

byId('user-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const user = /** @type {HTMLInputElement} */ (byId('user-name')).value.trim();
  if (!user) return showLogin('Enter your user name.');
  try {
    await openGraphiQL(await createClient({ explain }).devnet.devToken(user));
  } catch (error) {
    const hint = statusOf(error) === 404 ? ' Paste an access token below instead.' : '';
    showLogin(`${messageOf(error)}${hint}`);
  }
});

byId('token-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const token = tokenOfPaste(/** @type {HTMLTextAreaElement} */ (byId('token-text')).value);
  if (!token) return showLogin('Paste an access token first.');
  await openGraphiQL(token);
});

const remembered = localStorage.getItem(tokenKey);
if (remembered) await openGraphiQL(remembered);
else showLogin();
