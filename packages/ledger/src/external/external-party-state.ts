import type { AdminRecord } from '../transaction.ts';
import type { SigningKey } from './signing-keys.ts';
import type { HostingPermission } from './topology-transactions.ts';

/**
 * An external party hosted here: the key of its namespace (which authorizes its topology) and
 * the protocol signing keys whose signatures, threshold-many, authorize its transactions.
 */
export type ExternalParty = {
  readonly party: string;
  readonly namespaceKey: SigningKey;
  readonly signingKeys: readonly SigningKey[];
  readonly threshold: number;
  /** Serial of the party's PartyToParticipant mapping: 1 at onboarding, +1 per change. */
  readonly serial: number;
  readonly permission: HostingPermission;
};

/** The journaled fact: the party's keys and hosting as of a topology serial. */
export type ExternalPartyKeysChanged = {
  readonly kind: 'externalParty.keysChanged';
} & ExternalParty;

export type ExternalPartyRecord = AdminRecord & { readonly change: ExternalPartyKeysChanged };

export function isExternalPartyRecord(record: AdminRecord): record is ExternalPartyRecord {
  return record.change.kind === 'externalParty.keysChanged';
}

/** The reducer the participant state applies to every admin record (others are ignored). */
export function applyExternalPartyRecord(
  parties: Map<string, ExternalParty>,
  record: AdminRecord,
): void {
  if (!isExternalPartyRecord(record)) return;
  const { kind: _kind, ...party } = record.change;
  parties.set(party.party, party);
}

/** Whether the party's transactions need its own signatures (it is hosted as an external party). */
export function isExternalParty(
  parties: ReadonlyMap<string, ExternalParty>,
  party: string,
): boolean {
  return parties.has(party);
}
