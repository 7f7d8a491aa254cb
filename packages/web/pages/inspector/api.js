// The inspect API as the page calls it: JSON over fetch with the bearer token, and the
// transition stream over EventSource (which cannot send headers, hence `access_token`).
import { ApiError } from '../../ui-kit/assets/session.js';

async function errorOf(response) {
  const text = await response.text();
  try {
    const body = JSON.parse(text);
    return new ApiError(response.status, body.error ?? body.cause ?? text);
  } catch {
    return new ApiError(response.status, text || response.statusText);
  }
}

/** A client of `/api/inspect/v0` for one token. */
export function createApi(token) {
  const get = async (path) => {
    const response = await fetch(`/api/inspect/v0${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw await errorOf(response);
    return response.json();
  };
  return {
    machines: async () => (await get('/machines')).machines,
    machine: (id) => get(`/machines/${encodeURIComponent(id)}`),
    actors: async () => (await get('/actors')).actors,
    actor: (id) => get(`/actors/${encodeURIComponent(id)}`),
    /**
     * Listens to transitions; `on.ready` runs each time the stream (re)opens, `on.transition`
     * per transition, `on.status` with `live`, `connecting` or `closed`.
     */
    transitions(on) {
      const source = new EventSource(
        `/api/inspect/v0/transitions?access_token=${encodeURIComponent(token)}`,
      );
      source.addEventListener('ready', () => {
        on.status('live');
        on.ready();
      });
      source.addEventListener('transition', (event) => on.transition(JSON.parse(event.data)));
      // The node was put back to a snapshot: what was shown is another history; the stream
      // reopens (and `ready` reloads) on its own.
      source.addEventListener('reverted', (event) => on.reverted?.(JSON.parse(event.data).reason));
      source.addEventListener('error', () => {
        on.status(source.readyState === EventSource.CLOSED ? 'closed' : 'connecting');
      });
      return () => source.close();
    },
  };
}

/** `POST /api/devnet/v0/dev-token`: a token for `user` from a devnet that hands them out. */
export async function fetchDevToken(user) {
  const response = await fetch('/api/devnet/v0/dev-token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user }),
  });
  if (!response.ok) throw await errorOf(response);
  return (await response.json()).token;
}
