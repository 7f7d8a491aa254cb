import { z } from 'zod';
import { fieldMaskSchema, optional } from './primitives.schema.ts';

export const identityProviderConfigSchema = z.object({
  identityProviderId: z.string(),
  isDeactivated: optional(z.boolean()),
  issuer: z.string(),
  jwksUrl: z.string(),
  audience: optional(z.string()),
});
export type IdentityProviderConfig = z.output<typeof identityProviderConfigSchema>;

export const createIdentityProviderConfigRequestSchema = z.object({
  identityProviderConfig: identityProviderConfigSchema,
});
export type CreateIdentityProviderConfigRequest = z.output<
  typeof createIdentityProviderConfigRequestSchema
>;

export const updateIdentityProviderConfigRequestSchema = z.object({
  identityProviderConfig: identityProviderConfigSchema,
  updateMask: fieldMaskSchema,
});
export type UpdateIdentityProviderConfigRequest = z.output<
  typeof updateIdentityProviderConfigRequestSchema
>;
