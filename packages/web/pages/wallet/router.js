// The wallet's sections, one per URL hash (#wallet, #history, …), so the browser's back button
// and bookmarks work; moving to a section moves the keyboard focus to it.

const sections = ['wallet', 'history', 'holdings', 'traffic', 'delegations'];
let started = false;

/**
 * @param {string} hash
 */
function sectionOf(hash) {
  const name = hash.replace(/^#/, '');
  return sections.includes(name) ? name : 'wallet';
}

/**
 * @param {{ focus: boolean }} how
 */
function showSection({ focus }) {
  const current = sectionOf(location.hash);
  for (const view of document.querySelectorAll('main [data-view]')) {
    if (!(view instanceof HTMLElement)) continue;
    view.hidden = view.dataset.view !== current;
  }
  for (const link of document.querySelectorAll('a[data-tab]')) {
    if (!(link instanceof HTMLElement)) continue;
    if (link.dataset.tab === current) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (focus) document.getElementById('main')?.focus({ preventScroll: true });
}

/** Shows the section the URL names, and follows the URL from now on. */
export function startRouter() {
  showSection({ focus: false });
  if (started) return;
  started = true;
  window.addEventListener('hashchange', () => showSection({ focus: true }));
}
