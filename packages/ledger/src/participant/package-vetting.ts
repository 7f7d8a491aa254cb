import { domainError } from '../errors.ts';
import {
  type AdminPlan,
  adminRecord,
  type PackagesUploaded,
  type PackageVettingChanged,
  type ParticipantAdminRecord,
} from './admin-changes.ts';
import type { ParticipantState } from './participant-state.ts';

/** A vetting change with its package references already resolved to ids, in request order. */
export type VettingChange = {
  readonly operation: 'vet' | 'unvet';
  readonly packageIds: readonly string[];
};

/** The vetting state after applying `changes` to the current one (later changes win). */
export function plannedVetting(state: ParticipantState, changes: readonly VettingChange[]) {
  const unvetted = new Set(state.vetting.unvetted);
  for (const change of changes) {
    for (const packageId of change.packageIds) {
      if (change.operation === 'vet') unvetted.delete(packageId);
      else unvetted.add(packageId);
    }
  }
  return unvetted;
}

/** Journals the net effect of a vetting update. */
export function planUpdateVetting(
  changes: readonly VettingChange[],
): AdminPlan<ParticipantAdminRecord<PackageVettingChanged>> {
  return (state, recordTime) => {
    const after = plannedVetting(state, changes);
    const vetted = [...state.vetting.unvetted].filter((id) => !after.has(id));
    const unvetted = [...after].filter((id) => !state.vetting.unvetted.has(id));
    return adminRecord(recordTime, { kind: 'packages.vettingChanged', vetted, unvetted });
  };
}

/** Journals an upload's new packages (validated by the caller: the record is applied as is). */
export function planUploadPackages(
  packages: PackagesUploaded['packages'],
  vetted: boolean,
): AdminPlan<ParticipantAdminRecord<PackagesUploaded>> {
  return (_state, recordTime) =>
    adminRecord(recordTime, { kind: 'packages.uploaded', packages, vetted });
}

/** Refuses a transaction that uses a package this participant no longer vets, as Canton does. */
export function requireVetted(state: ParticipantState, packageIds: Iterable<string>): void {
  for (const packageId of packageIds) {
    if (state.vetting.unvetted.has(packageId)) {
      throw domainError(
        'NO_SYNCHRONIZER_FOR_SUBMISSION',
        `No valid synchronizer for submission found: package ${packageId} is not vetted by participant ${state.participantId}`,
        { packageId },
      );
    }
  }
}
