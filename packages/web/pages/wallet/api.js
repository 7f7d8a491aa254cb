// The node's APIs as the wallet calls them: JSON over fetch with the bearer token. Every failure
// becomes an ApiError whose message says what went wrong in words.
import { ApiError } from '../../ui-kit/assets/session.js';

// Splice prefixes its error ids to messages (`splice.lfdecentralizedtrust.org/insufficient-funds: …`).
const errorIdPrefix = /^[a-z0-9.-]+\.[a-z]+\/[a-z0-9-]+:\s*/i;

/** A server's error text, cleaned for people: no error-id prefix, a full stop at the end. */
export function wordsOf(text) {
  const words = String(text ?? '')
    .replace(errorIdPrefix, '')
    .trim();
  if (words === '') return 'The node refused the request.';
  const sentence = words.charAt(0).toUpperCase() + words.slice(1);
  return /[.!?)]$/.test(sentence) ? sentence : `${sentence}.`;
}

async function errorOf(response) {
  const text = await response.text();
  let message = text || response.statusText;
  try {
    const body = JSON.parse(text);
    message = body.error ?? body.cause ?? body.errors?.[0]?.message ?? text;
  } catch {
    // a plain-text body is the message itself
  }
  if (response.status === 401) {
    return new ApiError(401, `Your sign-in was refused: ${wordsOf(message)} Sign in again.`);
  }
  return new ApiError(response.status, wordsOf(message));
}

async function call(path, { method = 'GET', body, token } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'The node did not answer. Check that it is running and try again.');
  }
  if (!response.ok) throw await errorOf(response);
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

/** `POST /api/devnet/v0/dev-token`: a token for `user` from a devnet that hands them out. */
export const fetchDevToken = async (user) =>
  (await call('/api/devnet/v0/dev-token', { method: 'POST', body: { user } })).token;

/** What the wallet's page needs to know of the node (`/wallet/node-info`). */
export const fetchNodeInfo = () => call('/wallet/node-info');

const path = (value) => encodeURIComponent(value);

/** The validator, scan, inspect and GraphQL APIs for one token. */
export function createApi(token, { onUnauthorized }) {
  const request = async (url, init = {}) => {
    try {
      return await call(url, { ...init, token });
    } catch (error) {
      if (error.status === 401) onUnauthorized(error);
      throw error;
    }
  };
  const wallet = (suffix, init) => request(`/api/validator/v0/wallet${suffix}`, init);
  const post = (body) => ({ method: 'POST', body: body ?? {} });
  return {
    userStatus: () => wallet('/user-status'),
    register: () => request('/api/validator/v0/register', post()),
    validatorUser: () => request('/api/validator/v0/validator-user'),
    amuletRules: () => request('/api/validator/v0/scan-proxy/amulet-rules'),
    balance: () => wallet('/balance'),
    amulets: () => wallet('/amulets'),
    tap: (amount) => wallet('/tap', post({ amount })),
    transactions: (pageSize, beginAfterId) =>
      wallet('/transactions', post({ page_size: pageSize, begin_after_id: beginAfterId })),
    offers: () => wallet('/transfer-offers'),
    acceptedOffers: () => wallet('/accepted-transfer-offers'),
    createOffer: (offer) => wallet('/transfer-offers', post(offer)),
    offerAction: (contractId, action) =>
      wallet(`/transfer-offers/${path(contractId)}/${action}`, post()),
    offerStatus: (trackingId) => wallet(`/transfer-offers/${path(trackingId)}/status`, post()),
    transferInstructions: () => wallet('/token-standard/transfers'),
    createTokenTransfer: (transfer) => wallet('/token-standard/transfers', post(transfer)),
    instructionAction: (contractId, action) =>
      wallet(`/token-standard/transfers/${path(contractId)}/${action}`, post()),
    createPreapproval: () => wallet('/transfer-preapproval', post()),
    sendPreapproved: (send) => wallet('/transfer-preapproval/send', post(send)),
    buyTraffic: (purchase) => wallet('/buy-traffic-requests', post(purchase)),
    trafficStatus: (trackingId) =>
      wallet(`/buy-traffic-requests/${path(trackingId)}/status`, post()),
    delegationProposals: () => wallet('/minting-delegation-proposals'),
    delegations: () => wallet('/minting-delegations'),
    delegationAction: (kind, contractId, action) =>
      wallet(`/${kind}/${path(contractId)}/${action}`, post()),
    ansByName: (name) => request(`/api/scan/v0/ans-entries/by-name/${path(name)}`),
    ansEntries: () => request('/api/validator/v0/entry/all'),
    createAnsEntry: (entry) => request('/api/validator/v0/entry/create', post(entry)),
    acceptSubscription: (contractId) =>
      wallet(`/subscription-requests/${path(contractId)}/accept`, post()),
    /** Exercises a choice through the Ledger API, acting as `party` (the wallet's own). */
    exercise: ({ templateId, contractId, choice, party }) =>
      request(
        '/v2/commands/submit-and-wait',
        post({
          commands: [{ ExerciseCommand: { templateId, contractId, choice, choiceArgument: {} } }],
          commandId: `wallet-${crypto.randomUUID()}`,
          actAs: [party],
        }),
      ),
    async graphql(query, variables) {
      const body = await request('/graphql', post({ query, variables }));
      if (body.errors?.length) throw new ApiError(400, wordsOf(body.errors[0].message));
      return body.data;
    },
  };
}
