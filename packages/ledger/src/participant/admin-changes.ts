import type { AdminRecord } from '../transaction.ts';
import type { Annotations } from './object-meta.ts';
import type { IdentityProviderEntry, ParticipantState, UserRight } from './participant-state.ts';

/**
 * The facts an admin record journals. Each carries resulting values, not the request, so
 * that applying it needs no validation and replay cannot diverge from the live run.
 */
export type UserCreated = {
  readonly kind: 'user.created';
  readonly userId: string;
  readonly primaryParty: string;
  readonly isDeactivated: boolean;
  readonly primaryPartyAuthentication: boolean;
  readonly annotations: Annotations;
  readonly identityProviderId: string;
  readonly rights: readonly UserRight[];
};

/** Only the fields the update touched are present; annotations are the merged result. */
export type UserUpdated = {
  readonly kind: 'user.updated';
  readonly userId: string;
  readonly primaryParty?: string;
  readonly isDeactivated?: boolean;
  readonly primaryPartyAuthentication?: boolean;
  readonly annotations?: Annotations;
};

export type UserDeleted = { readonly kind: 'user.deleted'; readonly userId: string };

/** `rights` are only those that were new (granted) or held (revoked), as Canton reports. */
export type UserRightsGranted = {
  readonly kind: 'user.rightsGranted';
  readonly userId: string;
  readonly rights: readonly UserRight[];
};

export type UserRightsRevoked = {
  readonly kind: 'user.rightsRevoked';
  readonly userId: string;
  readonly rights: readonly UserRight[];
};

export type UserIdentityProviderChanged = {
  readonly kind: 'user.identityProviderChanged';
  readonly userId: string;
  readonly identityProviderId: string;
};

export type PartyDetailsUpdated = {
  readonly kind: 'party.detailsUpdated';
  readonly party: string;
  readonly annotations: Annotations;
};

export type IdentityProviderCreated = {
  readonly kind: 'identityProvider.created';
  readonly config: IdentityProviderEntry;
};

export type IdentityProviderUpdated = {
  readonly kind: 'identityProvider.updated';
  readonly config: IdentityProviderEntry;
};

export type IdentityProviderDeleted = {
  readonly kind: 'identityProvider.deleted';
  readonly identityProviderId: string;
};

/** The packages whose vetting an update changed, as resolved package ids. */
export type PackageVettingChanged = {
  readonly kind: 'packages.vettingChanged';
  readonly vetted: readonly string[];
  readonly unvetted: readonly string[];
};

/** A Daml-LF package as an upload journals it: its DALF, and what listing it needs. */
export type UploadedArchive = {
  readonly packageId: string;
  readonly name: string;
  readonly version: string;
  /** No templates and no interfaces (see Package.utility). */
  readonly utility: boolean;
  /** The packages it refers to, loaded before it. */
  readonly dependencies: readonly string[];
  /** The DALF's bytes, base64. */
  readonly archive: string;
};

/** The packages an upload added (only those not known before), vetted unless `vetted` is false. */
export type PackagesUploaded = {
  readonly kind: 'packages.uploaded';
  readonly packages: readonly UploadedArchive[];
  readonly vetted: boolean;
};

export type ParticipantAdminChange =
  | PackageVettingChanged
  | PackagesUploaded
  | UserCreated
  | UserUpdated
  | UserDeleted
  | UserRightsGranted
  | UserRightsRevoked
  | UserIdentityProviderChanged
  | PartyDetailsUpdated
  | IdentityProviderCreated
  | IdentityProviderUpdated
  | IdentityProviderDeleted;

export type ParticipantAdminChangeKind = ParticipantAdminChange['kind'];

export type ParticipantAdminRecord<
  TChange extends ParticipantAdminChange = ParticipantAdminChange,
> = AdminRecord & { readonly change: TChange };

/**
 * What a planner hands the commit engine's serialised writer (`commitAdmin(plan)`): run
 * against the current state, it returns the record to journal or throws a DomainError.
 */
export type AdminPlan<TRecord extends AdminRecord = ParticipantAdminRecord> = (
  state: ParticipantState,
  recordTime: string,
) => TRecord;

const participantAdminChangeKinds: ReadonlySet<string> = new Set<ParticipantAdminChangeKind>([
  'user.created',
  'user.updated',
  'user.deleted',
  'user.rightsGranted',
  'user.rightsRevoked',
  'user.identityProviderChanged',
  'party.detailsUpdated',
  'identityProvider.created',
  'identityProvider.updated',
  'identityProvider.deleted',
  'packages.vettingChanged',
  'packages.uploaded',
]);

/** Admin records of other owners (if any) share the journal; this picks out ours. */
export function isParticipantAdminRecord(record: AdminRecord): record is ParticipantAdminRecord {
  return participantAdminChangeKinds.has(record.change.kind);
}

export function adminRecord<TChange extends ParticipantAdminChange>(
  recordTime: string,
  change: TChange,
): ParticipantAdminRecord<TChange> {
  return { type: 'admin', recordTime, change };
}
