/** @import { ClientOptions } from './client-types.js' */
import { devnetClient } from './devnet-client.js';
import { graphqlClient } from './graphql-client.js';
import { createCaller } from './http-caller.js';
import { inspectClient } from './inspect-client.js';
import { ledgerClient } from './ledger-client.js';
import { timeMachineClient } from './time-machine-client.js';
import { walletClient } from './wallet-client.js';

export { ApiError, sentenceOf } from './api-error.js';

/**
 * A typed client of the node for one token: the validator's wallet, scan's names, the inspect
 * API, GraphQL, the Ledger API's submissions and a devnet's sign-in. Plain `fetch` and ES
 * modules typed with JSDoc, so the gateway serves these very files to the node's own pages, and
 * tests and benchmarks import the same.
 * @param {ClientOptions} [options]
 */
export function createClient(options = {}) {
  const call = createCaller(options);
  return {
    wallet: walletClient(call),
    inspect: inspectClient(call),
    ledger: ledgerClient(call),
    graphql: graphqlClient(call),
    devnet: devnetClient(call),
    timeMachine: timeMachineClient(call),
  };
}

/** @typedef {ReturnType<typeof createClient>} Client */
