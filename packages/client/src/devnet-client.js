/** @import { Caller } from './client-types.js' */
/** @import { NodeInfo } from './wallet-types.js' */

/**
 * What any caller may ask before it has a token.
 * @param {Caller} call
 */
export function devnetClient(call) {
  return {
    /**
     * `POST /api/devnet/v0/dev-token`: a token for `user` from a devnet that hands them out.
     * @param {string} user
     * @returns {Promise<string>}
     */
    devToken: async (user) => {
      /** @type {{ token: string }} */
      const answer = await call('/api/devnet/v0/dev-token', { method: 'POST', body: { user } });
      return answer.token;
    },
    /**
     * `/wallet/node-info`: devnet or not, dev tokens or not, the synchronizer and the clock.
     * @returns {Promise<NodeInfo>}
     */
    nodeInfo: () => call('/wallet/node-info'),
  };
}
