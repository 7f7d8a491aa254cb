import type { Caller } from '../services/caller.ts';
import type { ContractView } from '../wallet/wallet-views.ts';
import type { Allocations } from './allocations.service.ts';
import type { AnsEntries } from './ans.service.ts';
import type { DevelopmentFund } from './development-fund.service.ts';
import type { FeaturedApps } from './featured-apps.service.ts';
import type { MintingDelegations } from './minting-delegations.service.ts';
import type { AppPayments } from './payments.service.ts';
import type { Subscriptions } from './subscriptions.service.ts';
import type { ValidatorIdentity } from './validator-identity.service.ts';

/**
 * The wallet's apps as the gateway relies on them (the validator's app routes, ANS, payments and
 * subscriptions, delegations, allocations, featured apps, the development fund). Their
 * projection and their background work (due payments, the SV's name service) stay inside.
 */
export interface WalletAppsService {
  readonly payments: AppPayments;
  readonly subscriptions: Subscriptions;
  readonly ans: AnsEntries;
  readonly mintingDelegations: MintingDelegations;
  readonly featuredApps: FeaturedApps;
  readonly allocations: Allocations;
  readonly developmentFund: DevelopmentFund;
  /** The caller's ValidatorFaucetCoupons (up to 1000); this network issues none any more. */
  validatorFaucetCoupons(caller: Caller): ContractView[];
  readonly identity: ValidatorIdentity;
}
