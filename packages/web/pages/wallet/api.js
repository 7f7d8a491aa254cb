// The node's APIs as the wallet calls them: packages/client for one token, every refusal
// reworded to say what to do (ui-kit's errors.js).
/** @import { ApiError } from '@pocketnet/client' */
import { createClient } from '@pocketnet/client';
import { explain } from '../../ui-kit/assets/errors.js';

/** A client that says the node's refusals in the pages' words. */
const explained = (token = '', onUnauthorized = (/** @type {ApiError} */ _error) => {}) =>
  createClient({
    token,
    explain: (message, status) =>
      status === 401 ? `Your sign-in was refused: ${message} Sign in again.` : explain(message),
    onUnauthorized,
  });

/**
 * `POST /api/devnet/v0/dev-token`: a token for `user` from a devnet that hands them out.
 * @param {string} user
 */
export const fetchDevToken = (user) => explained().devnet.devToken(user);

/** What the wallet's page needs to know of the node (`/wallet/node-info`). */
export const fetchNodeInfo = () => explained().devnet.nodeInfo();

/**
 * The validator, scan, GraphQL and Ledger APIs for one token; `onUnauthorized` hears of a 401.
 * @param {string} token
 * @param {{ onUnauthorized: (error: ApiError) => void }} how
 */
export function createApi(token, { onUnauthorized }) {
  const client = explained(token, onUnauthorized);
  return { ...client.wallet, graphql: client.graphql, exercise: client.ledger.exercise };
}

/** @typedef {ReturnType<typeof createApi>} WalletApi */
