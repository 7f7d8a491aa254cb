import type { TemplateDefinition } from '@pocketnet/ledger';
import { amuletAllocation } from './amulet-allocation.ts';
import { amuletTransferInstruction } from './amulet-transfer-instruction.ts';
import { externalPartyAmuletRules } from './external-party-amulet-rules.ts';
import { externalPartySetupProposal } from './external-party-setup-proposal.ts';
import { transferCommand, transferCommandCounter } from './transfer-command.ts';
import { transferPreapproval } from './transfer-preapproval.ts';

/**
 * The splice-amulet templates of this folder, for the amulet core's
 * `definePackage({ name: 'splice-amulet', templates: [...core, ...externalPartyTemplates] })`.
 * Load the token-standard packages with it: these templates implement their interfaces.
 */
export const externalPartyTemplates: readonly TemplateDefinition[] = [
  transferPreapproval,
  externalPartySetupProposal,
  externalPartyAmuletRules,
  amuletTransferInstruction,
  amuletAllocation,
  transferCommand,
  transferCommandCounter,
];
