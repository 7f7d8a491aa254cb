import type { Package } from '@pocketnet/ledger';
import { definePackage } from '@pocketnet/ledger';
import { batchMergeUtility } from './batch-merge-utility.ts';
import { mergeDelegation } from './merge-delegation.ts';
import { mergeDelegationProposal } from './merge-delegation-proposal.ts';
import { mergePackageName } from './merge-types.ts';

/** `splice-util-token-standard-wallet`: merge delegations and the batch merge utility. */
export const spliceTokenStandardWalletPackage: Package = definePackage({
  name: mergePackageName,
  version: '1.0.0',
  templates: [mergeDelegation, mergeDelegationProposal, batchMergeUtility],
});
