import type { Package } from '@pocketnet/ledger';
import { definePackage } from '@pocketnet/ledger';
import { amuletPriceVote } from './amulet-price-vote.ts';
import { confirmation } from './confirmation.ts';
import { dsoRules } from './dso-rules.ts';
import { dsoPackageName } from './dso-types.ts';
import { svNodeState } from './sv-node-state.ts';

/** `splice-dso-governance`, minimal: DsoRules, Confirmation, AmuletPriceVote, SvNodeState. */
export const spliceDsoGovernancePackage: Package = definePackage({
  name: dsoPackageName,
  version: '0.1.22',
  templates: [dsoRules, confirmation, amuletPriceVote, svNodeState],
});
