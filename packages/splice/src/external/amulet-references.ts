import { amuletTemplateIds } from '../amulet/amulet-references.ts';

// The templates of this folder belong to the splice-amulet package, as upstream; the amulet
// core's templates are named through the core's own reference list.

export const amuletReferences = amuletTemplateIds;

export const externalReferences = {
  transferPreapproval: '#splice-amulet:Splice.AmuletRules:TransferPreapproval',
  externalPartySetupProposal: '#splice-amulet:Splice.AmuletRules:ExternalPartySetupProposal',
  externalPartyAmuletRules:
    '#splice-amulet:Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules',
  amuletTransferInstruction:
    '#splice-amulet:Splice.AmuletTransferInstruction:AmuletTransferInstruction',
  amuletAllocation: '#splice-amulet:Splice.AmuletAllocation:AmuletAllocation',
} as const;

/** Canton Coin's instrument id within the token standard is the DSO party plus "Amulet". */
export const amuletInstrumentIdText = 'Amulet';
