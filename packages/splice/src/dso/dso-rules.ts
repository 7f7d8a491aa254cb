import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate } from '@pocketnet/ledger';
import { dsoAnsChoices } from './dso-ans-choices.ts';
import { dsoGovernanceChoices } from './dso-governance-choices.ts';
import { dsoRoundChoices } from './dso-round-choices.ts';
import { dsoRulesFields, dsoTemplateId } from './dso-types.ts';

/**
 * Splice.DsoRules:DsoRules — the SVs' rules over the DSO party, reduced to what a one-SV
 * devnet's automation needs: the SV set, round advancement and closing, reward expiry,
 * activity-marker conversion, name-service upkeep, confirmations for the actions Splice runs
 * by confirmation, featured-app rights, price votes and validator onboarding. Voting
 * (VoteRequest), SV on- and offboarding, SV rewards and synchronizer node state are left out.
 */
export const dsoRules: TemplateDefinition = defineTemplate({
  id: dsoTemplateId('Splice.DsoRules', 'DsoRules'),
  fields: dsoRulesFields,
  signatories: (rules) => [rules.dso],
  ensure: (rules) =>
    BigInt(rules.config.numUnclaimedRewardsThreshold) > 0n ||
    'numUnclaimedRewardsThreshold must be positive',
  choices: () => ({
    ...dsoRoundChoices,
    ...dsoAnsChoices,
    ...dsoGovernanceChoices,
  }),
});
