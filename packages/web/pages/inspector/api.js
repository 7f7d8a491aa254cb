// The inspect API as the page calls it: packages/client for one token, refusals reworded to say
// what to do (ui-kit's errors.js).
import { createClient } from '@pocketnet/client';
import { explain } from '../../ui-kit/assets/errors.js';

/**
 * A client of `/api/inspect/v0` for one token.
 * @param {string} token
 */
export const createApi = (token) => createClient({ token, explain }).inspect;

/**
 * `POST /api/devnet/v0/dev-token`: a token for `user` from a devnet that hands them out.
 * @param {string} user
 */
export const fetchDevToken = (user) => createClient({ explain }).devnet.devToken(user);
