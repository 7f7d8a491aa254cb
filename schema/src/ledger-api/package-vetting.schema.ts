import { z } from 'zod';
import { emptySchema, int32, optional } from './primitives.schema.ts';

export const listVettedPackagesRequestSchema = z.object({
  packageMetadataFilter: optional(
    z.object({
      packageIds: optional(z.array(z.string())),
      packageNamePrefixes: optional(z.array(z.string())),
    }),
  ),
  topologyStateFilter: optional(
    z.object({
      participantIds: optional(z.array(z.string())),
      synchronizerIds: optional(z.array(z.string())),
    }),
  ),
  pageToken: optional(z.string()),
  pageSize: optional(int32),
});
export type ListVettedPackagesRequest = z.output<typeof listVettedPackagesRequestSchema>;

export const vettedPackagesRefSchema = z.object({
  packageId: optional(z.string()),
  packageName: optional(z.string()),
  packageVersion: optional(z.string()),
});

const vettingOperationSchema = z.union([
  z.object({ Empty: emptySchema }),
  z.object({
    Unvet: z.object({ value: z.object({ packages: z.array(vettedPackagesRefSchema) }) }),
  }),
  z.object({
    Vet: z.object({
      value: z.object({
        packages: z.array(vettedPackagesRefSchema),
        newValidFromInclusive: optional(z.string()),
        newValidUntilExclusive: optional(z.string()),
      }),
    }),
  }),
]);

const priorTopologySerialSchema = z.object({
  serial: optional(
    z.union([
      z.object({ Empty: emptySchema }),
      z.object({ NoPrior: emptySchema }),
      z.object({ Prior: z.object({ value: int32 }) }),
    ]),
  ),
});

export const updateVettedPackagesForceFlags = [
  'UPDATE_VETTED_PACKAGES_FORCE_FLAG_UNSPECIFIED',
  'UPDATE_VETTED_PACKAGES_FORCE_FLAG_ALLOW_VET_INCOMPATIBLE_UPGRADES',
  'UPDATE_VETTED_PACKAGES_FORCE_FLAG_ALLOW_UNVETTED_DEPENDENCIES',
] as const;

export const updateVettedPackagesRequestSchema = z.object({
  changes: z.array(z.object({ operation: optional(vettingOperationSchema) })),
  dryRun: optional(z.boolean()),
  synchronizerId: optional(z.string()),
  expectedTopologySerial: optional(priorTopologySerialSchema),
  updateVettedPackagesForceFlags: optional(z.array(z.enum(updateVettedPackagesForceFlags))),
});
export type UpdateVettedPackagesRequest = z.output<typeof updateVettedPackagesRequestSchema>;
