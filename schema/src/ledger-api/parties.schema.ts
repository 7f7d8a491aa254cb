import { z } from 'zod';
import { fieldMaskSchema, int32, objectMetaSchema, optional } from './primitives.schema.ts';

export const allocatePartyRequestSchema = z.object({
  partyIdHint: optional(z.string()),
  localMetadata: optional(objectMetaSchema),
  identityProviderId: optional(z.string()),
  synchronizerId: optional(z.string()),
  userId: optional(z.string()),
});
export type AllocatePartyRequest = z.output<typeof allocatePartyRequestSchema>;

export const partyDetailsSchema = z.object({
  party: z.string(),
  isLocal: optional(z.boolean()),
  localMetadata: optional(objectMetaSchema),
  identityProviderId: optional(z.string()),
});
export type PartyDetails = z.output<typeof partyDetailsSchema>;

export const updatePartyDetailsRequestSchema = z.object({
  partyDetails: partyDetailsSchema,
  updateMask: fieldMaskSchema,
});
export type UpdatePartyDetailsRequest = z.output<typeof updatePartyDetailsRequestSchema>;

export const signingPublicKeySchema = z.object({
  format: z.string(),
  keyData: z.string(),
  keySpec: z.string(),
});

export const signatureSchema = z.object({
  format: z.string(),
  signature: z.string(),
  signedBy: z.string(),
  signingAlgorithmSpec: z.string(),
});
export type Signature = z.output<typeof signatureSchema>;

export const generateExternalPartyTopologyRequestSchema = z.object({
  synchronizer: z.string(),
  partyHint: z.string(),
  publicKey: signingPublicKeySchema,
  localParticipantObservationOnly: optional(z.boolean()),
  otherConfirmingParticipantUids: optional(z.array(z.string())),
  confirmationThreshold: optional(int32),
  observingParticipantUids: optional(z.array(z.string())),
});
export type GenerateExternalPartyTopologyRequest = z.output<
  typeof generateExternalPartyTopologyRequestSchema
>;

export const allocateExternalPartyRequestSchema = z.object({
  synchronizer: z.string(),
  onboardingTransactions: z.array(
    z.object({ transaction: z.string(), signatures: optional(z.array(signatureSchema)) }),
  ),
  multiHashSignatures: optional(z.array(signatureSchema)),
  identityProviderId: optional(z.string()),
  waitForAllocation: optional(z.boolean()),
  userId: optional(z.string()),
});
export type AllocateExternalPartyRequest = z.output<typeof allocateExternalPartyRequestSchema>;
