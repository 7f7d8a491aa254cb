// What an upload's validation is told is already known: nothing, or a given set of packages.
import type { KnownPackages, Package } from '../src/index.ts';

export const nothingKnown: KnownPackages = {
  has: () => false,
  get: () => undefined,
  withNameAndVersion: () => undefined,
  withName: () => [],
};

export function knowing(packages: readonly Package[]): KnownPackages {
  const byId = new Map(packages.map((pkg) => [pkg.packageId, pkg]));
  return {
    has: (id) => byId.has(id),
    get: (id) => byId.get(id),
    withNameAndVersion: (name, version) =>
      packages.find((p) => p.metadata.name === name && p.metadata.version === version)?.packageId,
    withName: (name) => packages.filter((p) => p.metadata.name === name).map((p) => p.packageId),
  };
}
