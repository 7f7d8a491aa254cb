import { DomainError, type PackageRegistry, type ParticipantState } from '@pocketnet/ledger';
import { accessOf, type Caller } from './caller.ts';

export type VettedPackagesFilter = {
  readonly packageMetadataFilter?:
    | {
        readonly packageIds?: readonly string[] | undefined;
        readonly packageNamePrefixes?: readonly string[] | undefined;
      }
    | undefined;
};

const compareVersions = (a: string, b: string) => {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
};

/**
 * The packages this node runs: every loaded package is vetted on the one synchronizer from the
 * start, and each package name prefers its highest version.
 */
export function createPackageAdmin(deps: {
  participant: ParticipantState;
  packages: PackageRegistry;
  synchronizerId: string;
}) {
  const { packages } = deps;
  const authenticated = (caller: Caller) => accessOf(caller, deps.participant);
  const reference = (summary: { packageId: string; name: string; version: string }) => ({
    packageId: summary.packageId,
    packageName: summary.name,
    packageVersion: summary.version,
  });
  return {
    list(caller: Caller) {
      authenticated(caller);
      return packages.packages();
    },
    bytes(caller: Caller, packageId: string): Uint8Array {
      authenticated(caller);
      const bytes = packages.packageBytes(packageId);
      if (!bytes)
        throw new DomainError('PACKAGE_NOT_FOUND', `Package ${packageId} not found`, {
          details: { packageId },
        });
      return bytes;
    },
    vetted(caller: Caller, filter: VettedPackagesFilter) {
      authenticated(caller);
      const { packageIds = [], packageNamePrefixes = [] } = filter.packageMetadataFilter ?? {};
      const selected = packages
        .packages()
        .filter(
          (summary) =>
            (packageIds.length === 0 && packageNamePrefixes.length === 0) ||
            packageIds.includes(summary.packageId) ||
            packageNamePrefixes.some((prefix) => summary.name.startsWith(prefix)),
        );
      return [
        {
          packages: selected.map(reference),
          participantId: deps.participant.participantId,
          synchronizerId: deps.synchronizerId,
          topologySerial: 1,
        },
      ];
    },
    preferred(caller: Caller, packageName: string) {
      authenticated(caller);
      const candidates = packages.packages().filter((summary) => summary.name === packageName);
      const best = candidates.sort((a, b) => compareVersions(b.version, a.version))[0];
      if (!best) {
        throw new DomainError(
          'PACKAGE_NOT_FOUND',
          `No package named ${packageName} is vetted here`,
          {
            details: { packageName },
          },
        );
      }
      return reference(best);
    },
  };
}

export type PackageAdmin = ReturnType<typeof createPackageAdmin>;
