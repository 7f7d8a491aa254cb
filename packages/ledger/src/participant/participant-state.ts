import { applyExternalPartyRecord, type ExternalParty } from '../external/external-party-state.ts';
import type { AdminRecord, TopologyRecord } from '../transaction.ts';
import { createUndoLog, type UndoLog } from '../undo/undo-log.ts';
import { undoableMap, undoableSet } from '../undo/undoable-collections.ts';
import { isParticipantAdminRecord } from './admin-changes.ts';
import { applyAdminChange } from './apply-admin-change.ts';
import { initialResourceVersion, sortKeys } from './object-meta.ts';
import { rightKey } from './user-rights.ts';

// The types below are the contract the engine and the runtime build on; the rules (ObjectMeta,
// rights, identity providers) live beside this file.

export type ObjectMeta = {
  /** Decimal counter, '0' on creation and +1 on every update; '' where no local record exists. */
  readonly resourceVersion: string;
  readonly annotations: Readonly<Record<string, string>>;
};

export type UserRight =
  | { readonly kind: 'CanActAs'; readonly party: string }
  | { readonly kind: 'CanReadAs'; readonly party: string }
  | { readonly kind: 'CanExecuteAs'; readonly party: string }
  | { readonly kind: 'ParticipantAdmin' }
  | { readonly kind: 'IdentityProviderAdmin' }
  | { readonly kind: 'CanReadAsAnyParty' }
  | { readonly kind: 'CanExecuteAsAnyParty' };

export type PartyEntry = {
  readonly party: string;
  /** Hosted by this participant (the topology record came from it). */
  readonly isLocal: boolean;
  readonly localMetadata: ObjectMeta;
  readonly identityProviderId: string;
  /** Offset of the topology update that added it. */
  readonly addedAt: number;
};

export type UserEntry = {
  readonly id: string;
  readonly primaryParty: string;
  readonly isDeactivated: boolean;
  /** May authenticate with a JWT signed by the primary party's key (Ledger API 3.5). */
  readonly primaryPartyAuthentication: boolean;
  readonly metadata: ObjectMeta;
  readonly identityProviderId: string;
  readonly rights: readonly UserRight[];
};

export type IdentityProviderEntry = {
  readonly identityProviderId: string;
  readonly isDeactivated: boolean;
  readonly issuer: string;
  readonly jwksUrl: string;
  /** '' when tokens need not name an audience. */
  readonly audience: string;
};

/** Participant-local state, rebuilt from topology and admin records. Mutated only by apply. */
export type ParticipantState = {
  readonly participantId: string;
  /** The synchronizer's first participant: admin records that name no participant are its. */
  readonly isFirst: boolean;
  readonly parties: Map<string, PartyEntry>;
  readonly users: Map<string, UserEntry>;
  readonly identityProviders: Map<string, IdentityProviderEntry>;
  /**
   * Loaded packages are vetted from the start; `unvetted` holds the ids unvetted since, and the
   * serial counts vetting changes (Canton's topology serial, 1 for the initial vetting).
   * `uploaded`: the packages uploaded to this participant; `elsewhere`: those only another
   * participant of the synchronizer uploaded, which this one neither lists nor vets (they are
   * in `unvetted` too) until it is given them itself.
   */
  readonly vetting: {
    serial: number;
    readonly unvetted: Set<string>;
    readonly uploaded: Set<string>;
    readonly elsewhere: Set<string>;
  };
  /** Parties hosted as external parties: their keys sign their transactions (external/). */
  readonly externalParties: Map<string, ExternalParty>;
};

/** The user every participant starts with, as in Canton. */
export const participantAdminUserId = 'participant_admin';

/**
 * `undo`: the node's undo log, which every change records into while a snapshot is kept (a
 * state of its own, e.g. a replica's, passes none).
 */
export function createParticipantState(
  participantId: string,
  isFirst = true,
  undo: UndoLog = createUndoLog(),
): ParticipantState {
  const admin: UserEntry = {
    id: participantAdminUserId,
    primaryParty: '',
    isDeactivated: false,
    primaryPartyAuthentication: false,
    metadata: { resourceVersion: initialResourceVersion, annotations: {} },
    identityProviderId: '',
    rights: [{ kind: 'ParticipantAdmin' }],
  };
  let serial = 1;
  return {
    participantId,
    isFirst,
    parties: undoableMap(undo),
    users: undoableMap(undo, { entries: [[admin.id, admin]] }),
    identityProviders: undoableMap(undo),
    vetting: {
      // An accessor, so that the reducers' `serial += 1` records its undo.
      get serial() {
        return serial;
      },
      set serial(value: number) {
        const previous = serial;
        undo.record(() => {
          serial = previous;
        });
        serial = value;
      },
      unvetted: undoableSet(undo),
      uploaded: undoableSet(undo),
      elsewhere: undoableSet(undo),
    },
    externalParties: undoableMap(undo),
  };
}

/** The reducer: deterministic, so replaying the journal rebuilds exactly this state. */
export function applyParticipantRecord(
  state: ParticipantState,
  record: TopologyRecord | AdminRecord,
): void {
  if (record.type === 'topology') applyTopology(state, record);
  else if (!isAdminOf(state, record)) applyOthersUpload(state, record);
  else if (isParticipantAdminRecord(record)) applyAdminChange(state, record.change);
  else applyExternalPartyRecord(state.externalParties, record);
}

/** Packages another participant uploaded are not this one's until it uploads them too. */
function applyOthersUpload(state: ParticipantState, record: AdminRecord): void {
  if (!isParticipantAdminRecord(record) || record.change.kind !== 'packages.uploaded') return;
  for (const { packageId } of record.change.packages) {
    if (state.vetting.uploaded.has(packageId)) continue;
    state.vetting.elsewhere.add(packageId);
    state.vetting.unvetted.add(packageId);
  }
}

/** Users, rights and providers are each participant's own: another's changes pass it by. */
const isAdminOf = (state: ParticipantState, record: AdminRecord) =>
  record.participantId === undefined ? state.isFirst : record.participantId === state.participantId;

function applyTopology(state: ParticipantState, record: TopologyRecord): void {
  const isLocal = record.participantId === state.participantId;
  for (const party of record.parties) {
    const known = state.parties.get(party);
    if (known?.isLocal === true) continue;
    state.parties.set(party, {
      party,
      isLocal,
      // Metadata and provider are this participant's own notes; others' allocations carry none.
      localMetadata: isLocal
        ? { resourceVersion: initialResourceVersion, annotations: sortKeys(record.annotations) }
        : { resourceVersion: '', annotations: {} },
      identityProviderId: isLocal ? record.identityProviderId : '',
      addedAt: known?.addedAt ?? record.offset,
    });
  }
  const user = isLocal && record.grantedTo !== null ? state.users.get(record.grantedTo) : undefined;
  if (user === undefined) return;
  const held = new Set(user.rights.map(rightKey));
  const granted = record.parties
    .map((party): UserRight => ({ kind: 'CanActAs', party }))
    .filter((right) => !held.has(rightKey(right)));
  state.users.set(user.id, { ...user, rights: [...user.rights, ...granted] });
}
