/** @import { Caller } from './client-types.js' */
import { errorOfResponse } from './api-error.js';

// Snapshots, revert, reset and state dumps of a node started by `pocketnet start` (issue 23),
// for participant admins: the test loop of Anvil and Hardhat.

/**
 * @typedef {{ id: string, ledger_end: number, now_micros: string }} DevnetSnapshot
 * @typedef {{ id: string, ledger_end: number, now: string, now_micros: string }} DevnetReverted
 */

/**
 * @param {Caller} call
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
    /**
     * `GET /api/devnet/v0/state`: the node's state file (JSON lines), as `--load-state` reads
     * it. Text, not JSON, hence fetched here rather than through `call`.
     * @returns {Promise<string>}
     */
    async state() {
      const { options } = call;
      /** @type {Record<string, string>} */
      const headers = {};
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await (options.fetch ?? fetch)(
        `${options.baseUrl ?? ''}/api/devnet/v0/state`,
        { headers },
      );
      if (!response.ok) throw await errorOfResponse(response);
      return response.text();
    },
  };
}
