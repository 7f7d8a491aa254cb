import type { Caller } from '../services/caller.ts';
import type { Balances } from './balance.service.ts';
import type { HistoryEntry } from './history-types.ts';
import type { MergeDelegations } from './merge-delegations.service.ts';
import type { Onboarding } from './onboarding.service.ts';
import type { Preapprovals } from './preapprovals.service.ts';
import type { TokenTransfers } from './token-transfers.service.ts';
import type { Traffic } from './traffic.service.ts';
import type { TransferOffers } from './transfer-offers.service.ts';
import type { WalletAccess } from './wallet-access.ts';
import type { WalletContracts } from './wallet-contracts.projection.ts';
import type { ContractView } from './wallet-views.ts';

export type CouponKind =
  | 'appRewardCoupon'
  | 'validatorRewardCoupon'
  | 'svRewardCoupon'
  | 'livenessActivityRecord';

export type UserStatus = {
  readonly partyId: string;
  readonly userOnboarded: boolean;
  readonly userWalletInstalled: boolean;
  readonly hasFeaturedAppRight: boolean;
};

/**
 * The validator's wallet as the gateway relies on it (`/v0/wallet/*`, the validator's
 * administration, GraphQL's wallet fields): users, balances, offers, transfers, preapprovals,
 * traffic and merge delegations. Its projections (but for reading a party's contracts) and its
 * submitter stay inside the runtime.
 */
export interface WalletService {
  readonly access: WalletAccess;
  /** A party's wallet contracts of one kind (GraphQL's wallet lists read them). */
  readonly contracts: Pick<WalletContracts, 'of'>;
  readonly onboarding: Onboarding;
  readonly balances: Balances;
  readonly offers: TransferOffers;
  readonly tokenTransfers: TokenTransfers;
  readonly preapprovals: Preapprovals;
  readonly traffic: Traffic;
  readonly mergeDelegations: MergeDelegations;
  /** `POST /v0/wallet/transactions`: a page of the caller's history, newest first. */
  transactions(
    caller: Caller,
    request: { beginAfterId?: string; pageSize: number },
  ): readonly HistoryEntry[];
  /** The caller's reward coupons of one kind (up to 1000, oldest first), as Splice lists them. */
  coupons(caller: Caller, kind: CouponKind): ContractView[];
  /** `GET /v0/wallet/user-status`: whether the caller is onboarded; any token may ask. */
  userStatus(caller: Caller): UserStatus;
  /** `GET /v0/validator-user`: the validator operator, for anyone. */
  validatorUser(): { partyId: string; userName: string; featured: boolean };
}
