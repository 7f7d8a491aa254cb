// What both pages' sign-in and top bar share: the errors their API clients throw, the user a
// token names, and the live indicator's words.

/** A refused or failed call: `status` is the HTTP status (0 when the node did not answer). */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** The `sub` of a JWT, read without verifying it (the node verifies it on every call). */
export function userOfToken(token) {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(payload)).sub ?? null;
  } catch {
    return null;
  }
}

/** A pasted access token without its white space or a `Bearer ` in front. */
export const tokenOfPaste = (text) => text.trim().replace(/^bearer\s+/i, '');

const liveTexts = {
  live: 'Live',
  connecting: 'Reconnecting…',
  closed: 'Disconnected',
  idle: 'Offline',
};

/** Shows a stream's status (`live`, `connecting`, `closed` or `idle`) in the top bar's `#live`. */
export function showLiveStatus(status) {
  const live = document.getElementById('live');
  live.dataset.status = status;
  live.querySelector('.text').textContent = liveTexts[status] ?? status;
}
