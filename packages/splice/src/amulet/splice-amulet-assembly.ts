import type { Package } from '@pocketnet/ledger';
import { externalPartyTemplates } from '../external/external-party-templates.ts';
import { amuletRulesPreapprovalChoices } from '../external/preapproval-creation.ts';
import { createSpliceAmuletPackage } from './splice-amulet-package.ts';

/**
 * splice-amulet as a node loads it: the core with the external-party and token-standard
 * templates (TransferPreapproval, ExternalPartyAmuletRules, AmuletTransferInstruction,
 * AmuletAllocation, ExternalPartySetupProposal) and the AmuletRules choices that create
 * preapprovals. Load it with the token-standard packages, whose interfaces these implement.
 */
export const spliceAmuletPackage: Package = createSpliceAmuletPackage({
  templates: externalPartyTemplates,
  amuletRulesChoices: amuletRulesPreapprovalChoices,
});
