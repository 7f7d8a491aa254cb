import { z } from 'zod';
import { emptySchema, fieldMaskSchema, objectMetaSchema, optional } from './primitives.schema.ts';

const partyRight = z.object({ value: z.object({ party: z.string() }) });
const plainRight = z.object({ value: emptySchema });

/** A right's kind, tagged by its name: `{"CanActAs": {"value": {"party": "alice::1220…"}}}`. */
export const rightKindSchema = z.union([
  z.object({ CanActAs: partyRight }),
  z.object({ CanExecuteAs: partyRight }),
  z.object({ CanExecuteAsAnyParty: plainRight }),
  z.object({ CanReadAs: partyRight }),
  z.object({ CanReadAsAnyParty: plainRight }),
  z.object({ Empty: emptySchema }),
  z.object({ IdentityProviderAdmin: plainRight }),
  z.object({ ParticipantAdmin: plainRight }),
]);
export type RightKind = z.output<typeof rightKindSchema>;

export const rightSchema = z.object({ kind: optional(rightKindSchema) });
export type Right = z.output<typeof rightSchema>;

export const userSchema = z.object({
  id: z.string(),
  primaryParty: optional(z.string()),
  isDeactivated: optional(z.boolean()),
  metadata: optional(objectMetaSchema),
  identityProviderId: optional(z.string()),
  primaryPartyAuthentication: optional(z.boolean()),
});
export type User = z.output<typeof userSchema>;

export const createUserRequestSchema = z.object({
  user: userSchema,
  rights: optional(z.array(rightSchema)),
});
export type CreateUserRequest = z.output<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z.object({
  user: userSchema,
  updateMask: fieldMaskSchema,
});
export type UpdateUserRequest = z.output<typeof updateUserRequestSchema>;

export const grantUserRightsRequestSchema = z.object({
  userId: z.string(),
  rights: optional(z.array(rightSchema)),
  identityProviderId: optional(z.string()),
});
export type GrantUserRightsRequest = z.output<typeof grantUserRightsRequestSchema>;

export const revokeUserRightsRequestSchema = grantUserRightsRequestSchema;
export type RevokeUserRightsRequest = z.output<typeof revokeUserRightsRequestSchema>;

export const updateUserIdentityProviderIdRequestSchema = z.object({
  userId: z.string(),
  sourceIdentityProviderId: optional(z.string()),
  targetIdentityProviderId: optional(z.string()),
});
export type UpdateUserIdentityProviderIdRequest = z.output<
  typeof updateUserIdentityProviderIdRequestSchema
>;
