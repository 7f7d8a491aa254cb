/** @import { Caller } from './client-types.js' */
/**
 * @import { Amulets, AnsEntry, AnsEntryRequested, Balance, Contract, ContractWithState,
 *   DelegationItem, HistoryItem, PreapprovedSend, ScanAnsEntry, TrafficPurchase,
 *   TransferInstructionOutcome, TransferOfferRequest, UserStatus, ValidatorUser,
 *   WorkflowStatus } from './wallet-types.js'
 */
import { segment } from './http-caller.js';

/** @typedef {'accept' | 'reject' | 'withdraw'} OfferAction */
/** @typedef {'minting-delegation-proposals' | 'minting-delegations'} DelegationKind */

/**
 * The validator app (`/api/validator`) and the scan it proxies, as the token's user calls them.
 * @param {Caller} call
 */
export function walletClient(call) {
  /**
   * A wallet call: a GET without a body, a POST with one.
   * @template T
   * @param {string} suffix
   * @param {unknown} [body]
   * @returns {Promise<T>}
   */
  const wallet = (suffix, body) =>
    call(`/api/validator/v0/wallet${suffix}`, body === undefined ? {} : { method: 'POST', body });
  /**
   * @template T
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<T>}
   */
  const post = (path, body = {}) => call(path, { method: 'POST', body });
  return {
    /** @returns {Promise<UserStatus>} */
    userStatus: () => wallet('/user-status'),
    /** @returns {Promise<{ party_id: string }>} */
    register: () => post('/api/validator/v0/register'),
    /**
     * The open and issuing mining rounds through the validator's scan proxy (an open round's
     * `payload.amuletPrice` is the coin's price in USD).
     * @returns {Promise<{ open_mining_rounds: ContractWithState[],
     *   issuing_mining_rounds: ContractWithState[] }>}
     */
    miningRounds: () => call('/api/validator/v0/scan-proxy/open-and-issuing-mining-rounds'),
    /** @returns {Promise<ValidatorUser>} */
    validatorUser: () => call('/api/validator/v0/validator-user'),
    /**
     * Scan's AmuletRules through the validator's scan proxy.
     * @returns {Promise<{ amulet_rules: ContractWithState }>}
     */
    amuletRules: () => call('/api/validator/v0/scan-proxy/amulet-rules'),
    /** @returns {Promise<Balance>} */
    balance: () => wallet('/balance'),
    /** @returns {Promise<Amulets>} */
    amulets: () => wallet('/amulets'),
    /**
     * A devnet's faucet: `amount` is in USD, turned into coin at the open round's price.
     * @param {string} amount
     * @returns {Promise<{ contract_id: string }>}
     */
    tap: (amount) => wallet('/tap', { amount }),
    /**
     * A page of the history, newest first, after the entry `beginAfterId` when given.
     * @param {number} pageSize
     * @param {string} [beginAfterId]
     * @returns {Promise<{ items: HistoryItem[] }>}
     */
    transactions: (pageSize, beginAfterId) =>
      wallet('/transactions', {
        page_size: pageSize,
        ...(beginAfterId === undefined ? {} : { begin_after_id: beginAfterId }),
      }),
    /** @returns {Promise<{ offers: Contract[] }>} */
    offers: () => wallet('/transfer-offers'),
    /** @returns {Promise<{ accepted_offers: Contract[] }>} */
    acceptedOffers: () => wallet('/accepted-transfer-offers'),
    /**
     * @param {TransferOfferRequest} offer
     * @returns {Promise<{ offer_contract_id: string }>}
     */
    createOffer: (offer) => wallet('/transfer-offers', offer),
    /**
     * @param {string} contractId
     * @param {OfferAction} action
     * @returns {Promise<unknown>}
     */
    offerAction: (contractId, action) =>
      wallet(`/transfer-offers/${segment(contractId)}/${action}`, {}),
    /**
     * @param {string} trackingId
     * @returns {Promise<WorkflowStatus>}
     */
    offerStatus: (trackingId) => wallet(`/transfer-offers/${segment(trackingId)}/status`, {}),
    /** @returns {Promise<{ transfers: Contract[] }>} */
    transferInstructions: () => wallet('/token-standard/transfers'),
    /**
     * @param {TransferOfferRequest} transfer
     * @returns {Promise<TransferInstructionOutcome>}
     */
    createTokenTransfer: (transfer) => wallet('/token-standard/transfers', transfer),
    /**
     * @param {string} contractId
     * @param {OfferAction} action
     * @returns {Promise<TransferInstructionOutcome>}
     */
    instructionAction: (contractId, action) =>
      wallet(`/token-standard/transfers/${segment(contractId)}/${action}`, {}),
    /** @returns {Promise<unknown>} */
    createPreapproval: () => wallet('/transfer-preapproval', {}),
    /**
     * @param {PreapprovedSend} send
     * @returns {Promise<unknown>}
     */
    sendPreapproved: (send) => wallet('/transfer-preapproval/send', send),
    /**
     * @param {TrafficPurchase} purchase
     * @returns {Promise<{ request_contract_id: string }>}
     */
    buyTraffic: (purchase) => wallet('/buy-traffic-requests', purchase),
    /**
     * @param {string} trackingId
     * @returns {Promise<WorkflowStatus>}
     */
    trafficStatus: (trackingId) =>
      wallet(`/buy-traffic-requests/${segment(trackingId)}/status`, {}),
    /** @returns {Promise<{ proposals: DelegationItem[] }>} */
    delegationProposals: () => wallet('/minting-delegation-proposals'),
    /** @returns {Promise<{ delegations: DelegationItem[] }>} */
    delegations: () => wallet('/minting-delegations'),
    /**
     * @param {DelegationKind} kind
     * @param {string} contractId
     * @param {'accept' | 'reject'} action
     * @returns {Promise<unknown>}
     */
    delegationAction: (kind, contractId, action) =>
      wallet(`/${kind}/${segment(contractId)}/${action}`, {}),
    /**
     * @param {string} name
     * @returns {Promise<{ entry: ScanAnsEntry }>}
     */
    ansByName: (name) => call(`/api/scan/v0/ans-entries/by-name/${segment(name)}`),
    /** @returns {Promise<{ entries: AnsEntry[] }>} */
    ansEntries: () => call('/api/validator/v0/entry/all'),
    /**
     * @param {{ name: string, url: string, description: string }} entry
     * @returns {Promise<AnsEntryRequested>}
     */
    createAnsEntry: (entry) => post('/api/validator/v0/entry/create', entry),
    /**
     * @param {string} contractId
     * @returns {Promise<unknown>}
     */
    acceptSubscription: (contractId) =>
      wallet(`/subscription-requests/${segment(contractId)}/accept`, {}),
  };
}
