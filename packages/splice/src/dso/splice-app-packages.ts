import type { Package } from '@pocketnet/ledger';
import { spliceAmuletNameServicePackage } from '../ans/ans-package.ts';
import { spliceTokenStandardWalletPackage } from '../merge/merge-package.ts';
import { spliceWalletPackage } from '../wallet/wallet-package.ts';
import { spliceWalletPaymentsPackage } from '../wallet-payments/wallet-payments-package.ts';
import { spliceDsoGovernancePackage } from './dso-package.ts';
import { spliceValidatorLifecyclePackage } from './validator-onboarding.ts';

/**
 * The Splice app packages above splice-amulet and the token standard: wallet, payments,
 * merge delegations, name service, DSO governance and validator lifecycle. Load them with
 * splice-amulet and the token-standard packages, whose templates they exercise.
 */
export const spliceAppPackages: readonly Package[] = [
  spliceWalletPaymentsPackage,
  spliceWalletPackage,
  spliceTokenStandardWalletPackage,
  spliceAmuletNameServicePackage,
  spliceDsoGovernancePackage,
  spliceValidatorLifecyclePackage,
];
