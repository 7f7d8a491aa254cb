import { DomainError } from '@pocketnet/ledger';
import type { Caller } from '../services/caller.ts';
import { amuletRulesTemplate, amuletTemplates } from '../vocabulary/splice-templates.ts';
import { payloadOf, sharedFieldsOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from '../wallet/network-context.ts';
import { type ContractView, contractView } from '../wallet/wallet-views.ts';
import type { AppAccess } from './app-access.ts';
import type { AppContracts, ArchivedCoupon } from './app-contracts.projection.ts';

export type CouponStatus = 'withdrawn' | 'rejected' | 'claimed' | 'expired';

export type ArchivedCouponView = {
  readonly createdAt: string;
  readonly archivedAt: string;
  readonly beneficiary: string;
  readonly fundManager: string;
  readonly amount: string;
  readonly expiresAt: string;
  readonly reason: string;
  readonly status: CouponStatus;
  readonly rejectionOrWithdrawalReason?: string;
};

export type CouponHistoryPage = {
  readonly items: readonly ArchivedCouponView[];
  readonly nextPageToken?: number;
};

const statusOf = (choice: string): CouponStatus =>
  choice.includes('Withdraw')
    ? 'withdrawn'
    : choice.includes('Reject')
      ? 'rejected'
      : choice.includes('Expire')
        ? 'expired'
        : 'claimed';

function archivedView(coupon: ArchivedCoupon): ArchivedCouponView {
  const payload = payloadOf(amuletTemplates.DevelopmentFundCoupon, coupon.node.createArgument);
  const status = statusOf(coupon.choice);
  // DevelopmentFundCoupon_Withdraw and _Reject take a reason; the others none.
  const why = sharedFieldsOf<{ readonly reason: string }>(coupon.choiceArgument).reason;
  return {
    createdAt: coupon.node.createdAt,
    archivedAt: coupon.archivedAt,
    beneficiary: payload.beneficiary,
    fundManager: payload.fundManager,
    amount: payload.amount,
    expiresAt: payload.expiresAt,
    reason: payload.reason,
    status,
    ...((status === 'withdrawn' || status === 'rejected') && typeof why === 'string'
      ? { rejectionOrWithdrawalReason: why }
      : {}),
  };
}

/**
 * Development fund coupons (CIP-82) as the wallet shows them: the active ones the user manages
 * or benefits from, and their history. Granting and withdrawing coupons is for the network's
 * development fund manager (AmuletConfig.optDevelopmentFundManager) only.
 */
export function createDevelopmentFund(deps: {
  readonly appAccess: AppAccess;
  readonly contracts: AppContracts;
  readonly network: NetworkContext;
}) {
  const { appAccess, contracts, network } = deps;
  const manager = (): string | null => {
    const rules = payloadOf(amuletRulesTemplate, network.amuletRules().createArgument);
    return rules.configSchedule.initialValue.optDevelopmentFundManager ?? null;
  };
  /** Only the fund manager grants or withdraws; this node's rules name none to act for. */
  const requireManager = (caller: Caller, what: string): never => {
    const { party } = appAccess.walletOf(caller);
    const current = manager();
    if (current !== party) {
      throw new DomainError(
        'PERMISSION_DENIED',
        `Only the development fund manager may ${what}; the network's manager is ${current ?? 'not set'}`,
      );
    }
    throw new DomainError('INVALID_ARGUMENT', `This node's AmuletRules have no choice to ${what}`);
  };
  const service = {
    list(caller: Caller): ContractView[] {
      const { party } = appAccess.walletOf(caller);
      return contracts.of(party, 'developmentFundCoupon').slice(0, 1000).map(contractView);
    },
    history(
      caller: Caller,
      request: { after?: number | undefined; limit: number },
    ): CouponHistoryPage {
      const { party } = appAccess.walletOf(caller);
      if (!Number.isInteger(request.limit) || request.limit < 1) {
        throw new DomainError('INVALID_ARGUMENT', 'limit must be a positive integer');
      }
      const after = request.after ?? -1;
      const items = contracts
        .archivedCouponsOf(party)
        .filter((coupon) => coupon.sequence > after)
        .slice(0, request.limit);
      const last = items.at(-1);
      return { items: items.map(archivedView), ...(last ? { nextPageToken: last.sequence } : {}) };
    },
    allocate: (caller: Caller): never =>
      requireManager(caller, 'allocate development fund coupons'),
    withdraw(caller: Caller, contractId: string): never {
      const found = contracts.get(contractId);
      if (found?.kind !== 'developmentFundCoupon') {
        appAccess.walletOf(caller);
        throw new DomainError('CONTRACT_NOT_FOUND', `No development fund coupon ${contractId}`);
      }
      return requireManager(caller, 'withdraw development fund coupons');
    },
  };
  return service satisfies DevelopmentFund;
}

export interface DevelopmentFund {
  list(caller: Caller): ContractView[];
  history(
    caller: Caller,
    request: {
      after?: number | undefined;
      limit: number;
    },
  ): CouponHistoryPage;
  allocate: (caller: Caller) => never;
  withdraw(caller: Caller, contractId: string): never;
}
