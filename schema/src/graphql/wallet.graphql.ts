/**
 * The validator's wallet, for the user the token names: what it holds, what it has done, its
 * open workflows (each with its actor), and what a wallet user does. A user that is not
 * onboarded on this validator gets USER_NOT_FOUND.
 */
export const walletTypeDefs = /* GraphQL */ `
  extend type Query {
    "The caller's wallet."
    wallet: Wallet!
    "Whether the caller is onboarded here (any authenticated caller may ask)."
    walletUserStatus: WalletUserStatus!
    "The users onboarded on this validator (validator operator only)."
    walletUsers: [String!]!
    "The automations' queues: jobs per state, recent failures, running jobs (validator operator only)."
    automationQueues: AutomationQueues!
  }

  extend type Subscription {
    "The caller's wallet balance, after each transaction that changes its holdings (from now on)."
    walletBalanceChanged: WalletBalance!
  }

  extend type Mutation {
    "Devnet faucet: amulet worth amountUsd at the open round's price; the new amulet's id."
    tap(amountUsd: Numeric!, commandId: String): String!
    createTransferOffer(input: TransferOfferInput!): String!
    "Accepts an offer as its receiver; the accepted offer's contract id."
    acceptTransferOffer(contractId: ID!): String!
    rejectTransferOffer(contractId: ID!): Boolean!
    withdrawTransferOffer(contractId: ID!): Boolean!
    "Starts a token-standard transfer (a transfer instruction, or at once through a preapproval)."
    createTransferInstruction(input: TransferInput!): TransferInstructionResult!
    acceptTransferInstruction(contractId: ID!): TransferInstructionResult!
    rejectTransferInstruction(contractId: ID!): TransferInstructionResult!
    withdrawTransferInstruction(contractId: ID!): TransferInstructionResult!
    "The caller's TransferPreapproval, created if missing; its contract id."
    createTransferPreapproval: String!
    "Pays a receiver in one step through its TransferPreapproval."
    sendViaPreapproval(input: PreapprovalSendInput!): Boolean!
    "Asks the wallet to buy traffic for a validator; the request's contract id."
    buyTraffic(input: BuyTrafficInput!): String!
    "Onboards a wallet user (validator operator only); its party."
    onboardUser(name: String!, partyId: String, createPartyIfMissing: Boolean): String!
    "Onboards the caller itself; its party."
    registerWallet: String!
  }

  type Wallet {
    userName: String!
    party: String!
    balance: WalletBalance!
    holdings: Holdings!
    "History, newest first; beginAfterId continues after that entry."
    history(pageSize: Int = 20, beginAfterId: String): [WalletHistoryEntry!]!
    "Open transfer offers the wallet sends or receives."
    transferOffers: [Contract!]!
    "Accepted offers waiting for the sender's wallet to complete them."
    acceptedTransferOffers: [Contract!]!
    "Pending token-standard transfers the wallet sends or receives."
    transferInstructions: [Contract!]!
    "The wallet's own TransferPreapproval, if it has one."
    preapproval: Contract
    mergeDelegations: [Contract!]!
    mergeDelegationProposals: [Contract!]!
    trafficRequests: [Contract!]!
    "A transfer offer's status by tracking id, from its actor."
    transferOfferStatus(trackingId: String!): TrackingStatus
    "A traffic request's status by tracking id, from its actor."
    trafficRequestStatus(trackingId: String!): TrackingStatus
  }

  type AutomationQueues {
    "bullmq or in-process."
    runner: String!
    queues: [AutomationQueue!]!
  }

  type AutomationQueue {
    name: String!
    counts: AutomationJobCounts!
    "The latest failures, newest first."
    failures: [AutomationFailure!]!
    "The jobs running now and how far they got."
    inProgress: [AutomationJob!]!
  }

  type AutomationJobCounts {
    waiting: Int!
    delayed: Int!
    active: Int!
    completed: Int!
    failed: Int!
  }

  type AutomationFailure {
    jobId: String!
    name: String!
    reason: String!
    attemptsMade: Int!
  }

  type AutomationJob {
    jobId: String!
    name: String!
    "A percentage, or named counters."
    progress: JSON
  }

  type WalletUserStatus {
    partyId: String!
    userOnboarded: Boolean!
    userWalletInstalled: Boolean!
    hasFeaturedAppRight: Boolean!
  }

  type WalletBalance {
    round: String!
    effectiveUnlockedQty: Numeric!
    effectiveLockedQty: Numeric!
    totalHoldingFees: Numeric!
  }

  type Holdings {
    amulets: [Holding!]!
    lockedAmulets: [Holding!]!
  }

  type Holding {
    contractId: ID!
    templateId: String!
    payload: JSON!
    createdAt: Timestamp!
    round: String!
    accruedHoldingFee: Numeric!
    effectiveAmount: Numeric!
  }

  type PartyAmount {
    party: String!
    amount: Numeric!
  }

  type WalletHistoryEntry {
    eventId: String!
    offset: Offset!
    date: Timestamp!
    "transfer, balance_change or notification."
    type: String!
    templateId: String!
    choice: String!
    amuletOperation: String
    sender: PartyAmount
    receivers: [PartyAmount!]!
    holdingFees: Numeric
    description: String
    details: String
  }

  "The wallet API's status body of a tracked workflow (status, transaction_id, contract_id, …)."
  type TrackingStatus {
    status: String!
    body: JSON!
  }

  type TransferInstructionResult {
    "pending, completed or failed."
    kind: String!
    transferInstructionCid: String
    receiverHoldingCids: [String!]!
    senderChangeCids: [String!]!
    meta: JSON!
  }

  input TransferOfferInput {
    receiver: String!
    amount: Numeric!
    description: String = ""
    expiresAt: Timestamp!
    trackingId: String!
  }

  input TransferInput {
    receiver: String!
    amount: Numeric!
    description: String = ""
    expiresAt: Timestamp!
    trackingId: String!
  }

  input PreapprovalSendInput {
    receiver: String!
    amount: Numeric!
    deduplicationId: String!
    description: String
  }

  input BuyTrafficInput {
    receivingValidatorParty: String!
    synchronizerId: String!
    "Bytes, as a decimal string."
    trafficAmount: String!
    expiresAt: Timestamp!
    trackingId: String!
  }
`;
