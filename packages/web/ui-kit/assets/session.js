import { byId } from './dom.js';

// What the pages' sign-in and top bar share: the user a token names, a pasted token, and the
// live indicator's words.

/** The `sub` of a JWT, read without verifying it (the node verifies it on every call). */
/** @param {string} token */
export function userOfToken(token) {
  try {
    const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(payload)).sub ?? null;
  } catch {
    return null;
  }
}

/** A pasted access token without its white space or a `Bearer ` in front. */
/** @param {string} text */
export const tokenOfPaste = (text) => text.trim().replace(/^bearer\s+/i, '');

/** @type {Record<string, string | undefined>} */
const liveTexts = {
  live: 'Live',
  connecting: 'Reconnecting…',
  closed: 'Disconnected',
  up: 'Node up',
  down: 'Node not answering',
};

// Counts what the indicator was told, so a probe's late answer never hides a newer status.
let told = 0;

/**
 * Shows a stream's status (`live`, `connecting` or `closed`) in the top bar's `#live`; `idle`
 * (no stream: signed out) shows whether the node answers at all, as `up` or `down`.
 * @param {string} status
 */
export function showLiveStatus(status) {
  told += 1;
  if (status === 'idle') return void probeNode(told);
  const live = byId('live');
  live.dataset.status = status;
  const text = live.querySelector('.text');
  if (text) text.textContent = liveTexts[status] ?? status;
}

/** @param {number} asked what `told` was when the probe was asked for */
async function probeNode(asked) {
  let up = false;
  try {
    up = (await fetch('/readyz', { cache: 'no-store' })).ok;
  } catch {
    // no answer: down
  }
  if (told !== asked) return;
  showLiveStatus(up ? 'up' : 'down');
}
