import { asUploadError, readUploadedArchives, validateUpload } from '@pocketnet/daml-lf';
import {
  DomainError,
  type PackageRegistry,
  type PackageSummary,
  type ParticipantState,
  plannedVetting,
  planUpdateVetting,
  planUploadPackages,
} from '@pocketnet/ledger';
import { accessOf, type Caller, requireAdmin } from './caller.ts';
import type { LfPackageStore } from './lf-package-store.ts';
import type { AdminWriter } from './participant-admin.service.ts';

type PackageRef = {
  readonly packageId?: string | undefined;
  readonly packageName?: string | undefined;
  readonly packageVersion?: string | undefined;
};

/** A package as vetting and preference name it. */
export type PackageVersion = { packageId: string; packageName: string; packageVersion: string };

/** The packages one participant has vetted on one synchronizer, at a topology serial. */
export type VettedPackages = {
  packages: PackageVersion[];
  participantId: string;
  synchronizerId: string;
  topologySerial: number;
};

/** A vetting update as the edge parsed it. */
export type VettingUpdate = {
  readonly changes: ReadonlyArray<{ operation: 'vet' | 'unvet'; packages: readonly PackageRef[] }>;
  readonly dryRun: boolean;
  readonly expectedSerial: number | null;
};

/** `POST /v2/dars/validate` checks without storing; `vetAllPackages` defaults to true. */
export type UploadOptions = { readonly validateOnly: boolean; readonly vetAllPackages: boolean };

export type VettedPackagesFilter = {
  readonly packageMetadataFilter?:
    | {
        readonly packageIds?: readonly string[] | undefined;
        readonly packageNamePrefixes?: readonly string[] | undefined;
      }
    | undefined;
};

/**
 * The packages this node runs: every loaded package is vetted on the one synchronizer from the
 * start, and each package name prefers its highest version.
 */
export function createPackageAdmin(deps: {
  participant: ParticipantState;
  packages: PackageRegistry;
  lfPackages: LfPackageStore;
  synchronizerId: string;
  /** Every synchronizer (issue 10): the packages are vetted on each alike. */
  synchronizerIds?: readonly string[];
  writer: Pick<AdminWriter, 'commitAdmin'>;
}) {
  const { packages } = deps;
  const { elsewhere, unvetted } = deps.participant.vetting;
  const authenticated = (caller: Caller) => accessOf(caller, deps.participant);
  const vettedSet = (unvetted: ReadonlySet<string>) =>
    packages.packages().filter((summary) => !unvetted.has(summary.packageId));
  const vettedPackages = (selected: readonly PackageSummary[], serial: number) => ({
    packages: selected.map(reference),
    participantId: deps.participant.participantId,
    synchronizerId: deps.synchronizerId,
    topologySerial: serial,
  });
  const matchingPackageIds = (ref: PackageRef) => {
    const matches = packages
      .packages()
      .filter(
        (summary) =>
          (!ref.packageId || ref.packageId === summary.packageId) &&
          (!ref.packageName || ref.packageName === summary.name) &&
          (!ref.packageVersion || ref.packageVersion === summary.version),
      );
    if (matches.length === 0) {
      throw new DomainError(
        'PACKAGE_NOT_FOUND',
        `No loaded package matches ${JSON.stringify(ref)}`,
      );
    }
    return matches.map((summary) => summary.packageId);
  };
  const reference = (summary: { packageId: string; name: string; version: string }) => ({
    packageId: summary.packageId,
    packageName: summary.name,
    packageVersion: summary.version,
  });
  /**
   * The vetted version of a package name commands' `#name:…` references use (the highest; the
   * node's own package of a name before an uploaded one of the same version), or null.
   */
  const preferred = (caller: Caller, packageName: string) => {
    authenticated(caller);
    const best = packages.selectPackage(packageName, {
      unvetted: deps.participant.vetting.unvetted,
    });
    return best ? reference(best) : null;
  };
  const service = {
    /** The packages of this participant: the node's own and those uploaded to it. */
    list(caller: Caller) {
      authenticated(caller);
      return packages.packages().filter((summary) => !elsewhere.has(summary.packageId));
    },
    status(caller: Caller, packageId: string) {
      authenticated(caller);
      return packages.packageById(packageId) !== undefined && !elsewhere.has(packageId);
    },
    /**
     * Whether the caller may upload packages (Canton: ParticipantAdmin), asked before a byte
     * of the upload is read: an anonymous or unprivileged upload costs the node nothing.
     */
    requireUploadRight(caller: Caller): void {
      requireAdmin(authenticated(caller));
    },
    /**
     * A DAR or DALF upload: every package checked (Canton's errors otherwise, nothing stored),
     * the new ones journaled; a package already known is accepted again without effect.
     */
    async upload(caller: Caller, bytes: Uint8Array, options: UploadOptions): Promise<void> {
      requireAdmin(authenticated(caller));
      const archives = asUploadError(() => readUploadedArchives(bytes));
      // Upgrades are checked against what this participant vets, not another's packages.
      const known = deps.lfPackages.knownTo((packageId) => !unvetted.has(packageId));
      const fresh = validateUpload(archives, known, {
        checkUpgrades: options.vetAllPackages,
        cache: deps.lfPackages.cache,
      });
      // Packages only another participant had are this one's from now on.
      const given = archives.filter(({ packageId }) => elsewhere.has(packageId));
      const journaled = [
        ...deps.lfPackages.journaled(fresh),
        ...deps.lfPackages.givenHere([
          ...new Map(given.map((each) => [each.packageId, each])).values(),
        ]),
      ];
      if (options.validateOnly || journaled.length === 0) return;
      await deps.writer.commitAdmin(planUploadPackages(journaled, options.vetAllPackages));
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
      const selected = vettedSet(deps.participant.vetting.unvetted).filter(
        (summary) =>
          (packageIds.length === 0 && packageNamePrefixes.length === 0) ||
          packageIds.includes(summary.packageId) ||
          packageNamePrefixes.some((prefix) => summary.name.startsWith(prefix)),
      );
      const vetted = vettedPackages(selected, deps.participant.vetting.serial);
      const on = deps.synchronizerIds ?? [deps.synchronizerId];
      return on.map((synchronizerId) => ({ ...vetted, synchronizerId }));
    },
    async updateVetting(caller: Caller, request: VettingUpdate) {
      requireAdmin(authenticated(caller));
      const { vetting } = deps.participant;
      if (request.expectedSerial !== null && request.expectedSerial !== vetting.serial) {
        throw new DomainError(
          'INVALID_ARGUMENT',
          `The vetting state has topology serial ${vetting.serial}, not the expected ${request.expectedSerial}`,
        );
      }
      const changes = request.changes.map((change) => ({
        operation: change.operation,
        packageIds: change.packages.flatMap(matchingPackageIds),
      }));
      const past = vettedPackages(vettedSet(vetting.unvetted), vetting.serial);
      if (request.dryRun) {
        const planned = plannedVetting(deps.participant, changes);
        return { past, next: vettedPackages(vettedSet(planned), vetting.serial + 1) };
      }
      await deps.writer.commitAdmin(planUpdateVetting(changes));
      return { past, next: vettedPackages(vettedSet(vetting.unvetted), vetting.serial) };
    },
    preferred,
    /** Preferred packages for every requirement; one without a vetted package fails the whole. */
    preferredAll(caller: Caller, packageNames: readonly string[]) {
      return packageNames.map((packageName) => {
        const found = preferred(caller, packageName);
        if (!found) {
          throw new DomainError(
            'PACKAGE_SELECTION_FAILED',
            `No vetted package satisfies the requirements for package name ${packageName}`,
            { details: { packageName } },
          );
        }
        return found;
      });
    },
  };
  return service satisfies PackageAdmin;
}

export interface PackageAdmin {
  /** The packages of this participant: the node's own and those uploaded to it. */
  list(caller: Caller): PackageSummary[];
  status(caller: Caller, packageId: string): boolean;
  /**
   * Whether the caller may upload packages (Canton: ParticipantAdmin), asked before a byte
   * of the upload is read: an anonymous or unprivileged upload costs the node nothing.
   */
  requireUploadRight(caller: Caller): void;
  /**
   * A DAR or DALF upload: every package checked (Canton's errors otherwise, nothing stored),
   * the new ones journaled; a package already known is accepted again without effect.
   */
  upload(caller: Caller, bytes: Uint8Array, options: UploadOptions): Promise<void>;
  bytes(caller: Caller, packageId: string): Uint8Array;
  vetted(caller: Caller, filter: VettedPackagesFilter): VettedPackages[];
  updateVetting(
    caller: Caller,
    request: VettingUpdate,
  ): Promise<{
    past: VettedPackages;
    next: VettedPackages;
  }>;
  preferred: (caller: Caller, packageName: string) => PackageVersion | null;
  /** Preferred packages for every requirement; one without a vetted package fails the whole. */
  preferredAll(caller: Caller, packageNames: readonly string[]): PackageVersion[];
}
