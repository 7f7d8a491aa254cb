// The validator app's JSON as the wallet calls it (Splice's wallet-internal and validator-internal
// OpenAPI): snake_case, amounts as decimal strings.

/** A decimal as Daml renders it, such as `"12.5000000000"`: exact, never a float. */
export type Decimal = string;

/** A payload as the JSON Ledger API renders it: records as objects, numbers as strings. */
export type Payload = { readonly [field: string]: unknown };

export type Contract = {
  readonly template_id: string;
  readonly contract_id: string;
  readonly payload: Payload;
  readonly created_event_blob: string;
  readonly created_at: string;
};

export type ContractWithState = { readonly contract: Contract; readonly domain_id?: string };

export type UserStatus = {
  readonly party_id: string;
  readonly user_onboarded: boolean;
  readonly user_wallet_installed: boolean;
  readonly has_featured_app_right: boolean;
};

export type Balance = {
  readonly round: number;
  readonly effective_unlocked_qty: Decimal;
  readonly effective_locked_qty: Decimal;
  readonly total_holding_fees: Decimal;
};

export type AmuletPosition = {
  readonly contract: ContractWithState;
  readonly round: number;
  readonly accrued_holding_fee: Decimal;
  readonly effective_amount: Decimal;
};

export type Amulets = {
  readonly amulets: readonly AmuletPosition[];
  readonly locked_amulets: readonly AmuletPosition[];
};

export type PartyAmount = { readonly party: string; readonly amount: Decimal };

/** One `ListTransactionsResponseItem`: a transfer, a balance change or a notification. */
export type HistoryItem = {
  readonly transaction_type: 'transfer' | 'balance_change' | 'notification' | 'unknown';
  readonly transaction_subtype: {
    readonly template_id: string;
    readonly choice: string;
    readonly amulet_operation?: string;
    readonly interface_id?: string;
  };
  readonly event_id: string;
  readonly date: string;
  readonly description?: string;
  readonly transfer_instruction_cid?: string;
  readonly sender?: PartyAmount;
  readonly receivers?: readonly PartyAmount[];
  readonly holding_fees?: Decimal;
  readonly app_rewards_used?: Decimal;
  readonly validator_rewards_used?: Decimal;
  readonly sv_rewards_used?: Decimal;
  readonly development_fund_coupons_used?: Decimal;
  readonly transfer_instruction_receiver?: string;
  readonly transfer_instruction_amount?: Decimal;
  readonly details?: string;
};

/** A transfer offer or a token-standard transfer to create (the same fields for both). */
export type TransferOfferRequest = {
  readonly receiver_party_id: string;
  readonly amount: Decimal;
  readonly description: string;
  /** Microseconds since the epoch, on the node's clock. */
  readonly expires_at: number;
  readonly tracking_id: string;
};

export type TransferInstructionOutcome = {
  readonly output: {
    readonly transfer_instruction_cid?: string;
    readonly receiver_holding_cids?: readonly string[];
  };
  readonly sender_change_cids: readonly string[];
  readonly meta: { readonly [key: string]: string };
};

export type PreapprovedSend = {
  readonly receiver_party_id: string;
  readonly amount: Decimal;
  readonly deduplication_id: string;
  readonly description?: string;
};

export type TrafficPurchase = {
  readonly receiving_validator_party_id: string;
  readonly domain_id: string;
  /** Bytes of traffic. */
  readonly traffic_amount: number;
  readonly tracking_id: string;
  readonly expires_at: number;
};

/** A workflow's status by tracking id: `created`, `accepted` (offers), or `completed`/`failed` with how. */
export type WorkflowStatus = {
  readonly status: 'created' | 'accepted' | 'completed' | 'failed';
  readonly failure_reason?: string;
  readonly [field: string]: unknown;
};

/** One of the user's own name entries (`/v0/entry/all`, ans-external.yaml). */
export type AnsEntry = {
  readonly contractId: string;
  readonly name: string;
  readonly amount: Decimal;
  readonly unit: string;
  readonly expiresAt: string;
  readonly paymentInterval: string;
  readonly paymentDuration: string;
};

/** A name requested: the subscription request to accept in the wallet (`/v0/entry/create`). */
export type AnsEntryRequested = {
  readonly entryContextCid: string;
  readonly subscriptionRequestCid: string;
  readonly name: string;
  readonly url: string;
  readonly description: string;
};

/** Scan's view of a name (`/v0/ans-entries/by-name/{name}`). */
export type ScanAnsEntry = {
  readonly contract_id: string | null;
  readonly user: string;
  readonly name: string;
  readonly url: string;
  readonly description: string;
  readonly expires_at: string | null;
};

/** A minting delegation or its proposal, and whether its beneficiary is hosted here. */
export type DelegationItem = { readonly contract: Contract; readonly beneficiary_hosted: boolean };

export type ValidatorUser = {
  readonly party_id: string;
  readonly user_name: string;
  readonly featured: boolean;
};

/** `/wallet/node-info`: what a page needs to know of the node before anyone signs in. */
export type NodeInfo = {
  readonly devnet: boolean;
  readonly dev_tokens: boolean;
  readonly auth_mode: string;
  readonly synchronizer_id: string;
  readonly now_micros: string;
};
