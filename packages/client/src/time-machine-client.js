// Snapshots, revert, reset and state dumps of a devnet (issue 23), for participant admins: the
// test loop of Anvil and Hardhat. Plain fetch through the client's caller, as its other parts.

/**
 * @typedef {<T>(path: string, init?: { method?: 'GET' | 'POST', body?: unknown }) => Promise<T>} TimeMachineCaller
 * @typedef {{ id: string, ledger_end: number, now_micros: string }} DevnetSnapshot
 * @typedef {{ id: string, ledger_end: number, now: string, now_micros: string }} DevnetReverted
 */

/**
 * @param {TimeMachineCaller} call
 */
export function timeMachineClient(call) {
  return {
    /**
     * `POST /api/devnet/v0/snapshot`: the whole node as it is now; revert to it by its id.
     * @returns {Promise<DevnetSnapshot>}
     */
    snapshot: () => call('/api/devnet/v0/snapshot', { method: 'POST', body: {} }),
    /**
     * `POST /api/devnet/v0/revert`: the whole node back to the snapshot (later ones are
     * dropped); every open stream ends with close code 1012 naming the revert.
     * @param {string} id
     * @returns {Promise<DevnetReverted>}
     */
    revert: (id) => call('/api/devnet/v0/revert', { method: 'POST', body: { id } }),
    /**
     * `POST /api/devnet/v0/reset`: back to where the node reported ready.
     * @returns {Promise<DevnetReverted>}
     */
    reset: () => call('/api/devnet/v0/reset', { method: 'POST', body: {} }),
  };
}

/**
 * `GET /api/devnet/v0/state`: the node's state file (JSON lines), as `--load-state` reads it.
 * Its own fetch, as it answers text, not JSON.
 * @param {{ baseUrl?: string, token?: string, fetch?: typeof fetch }} options
 * @returns {Promise<string>}
 */
export async function downloadState(options) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}/api/devnet/v0/state`, {
    headers,
  });
  if (!response.ok) {
    const body = await response.text();
    let message = body;
    try {
      message = JSON.parse(body).error ?? body;
    } catch {}
    throw new Error(`The node refused the state download (${response.status}): ${message}`);
  }
  return response.text();
}
