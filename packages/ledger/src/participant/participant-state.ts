import type { AdminRecord, TopologyRecord } from '../transaction.ts';

// Skeleton owned by the participant-admin work: the types below are the contract the engine
// and the runtime build on; the full rules (ObjectMeta, rights, IdPs) are filled in beside it.

export type ObjectMeta = {
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
  readonly metadata: ObjectMeta;
  readonly identityProviderId: string;
  readonly rights: readonly UserRight[];
};

export type IdentityProviderEntry = {
  readonly identityProviderId: string;
  readonly isDeactivated: boolean;
  readonly issuer: string;
  readonly jwksUrl: string;
  readonly audience: string;
};

/** Participant-local state, rebuilt from topology and admin records. Mutated only by apply. */
export type ParticipantState = {
  readonly participantId: string;
  readonly parties: Map<string, PartyEntry>;
  readonly users: Map<string, UserEntry>;
  readonly identityProviders: Map<string, IdentityProviderEntry>;
};

export function createParticipantState(participantId: string): ParticipantState {
  return { participantId, parties: new Map(), users: new Map(), identityProviders: new Map() };
}

export function applyParticipantRecord(
  state: ParticipantState,
  record: TopologyRecord | AdminRecord,
): void {
  if (record.type === 'topology') {
    for (const party of record.parties) {
      state.parties.set(party, {
        party,
        isLocal: true,
        localMetadata: { resourceVersion: '0', annotations: {} },
        identityProviderId: '',
        addedAt: record.offset,
      });
    }
  }
}
