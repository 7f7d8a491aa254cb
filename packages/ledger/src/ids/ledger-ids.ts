import { createNamespaceFingerprint } from './fingerprint.ts';
import { isMultihash, multihashPrefix, sha256Hex, sha512Hex } from './hash.ts';

// Contract ids are Canton's V1 form: `00`, a 32-byte discriminator, then the suffix. Current
// Canton (protocol version >= 34) writes the suffix as version prefix `ca12` plus the unicum as
// a sha256 multihash, 138 hex characters in all; other V1 suffixes (up to 254 characters) are
// still valid ids.
const contractIdVersionPrefix = 'ca12';
const contractIdPattern = /^00[0-9a-f]{64}(?:[0-9a-f]{2}){0,94}$/;

/**
 * The contract id of the node `nodeId` of the update seeded by `updateSeed`. Deterministic:
 * the same update content yields the same ids, so replays and tests are reproducible.
 */
export function createContractId(updateSeed: string, nodeId: number): string {
  // One sha512 yields both 32-byte halves: the discriminator, then the unicum (a hash call
  // fewer on every create, the hottest path there is).
  const halves = sha512Hex(['contract-id', updateSeed, nodeId]);
  // join builds one flat string; `+` or a template would keep a cons string and its parts alive.
  return [
    '00',
    halves.slice(0, 64),
    contractIdVersionPrefix,
    multihashPrefix,
    halves.slice(64),
  ].join('');
}

export function isContractId(text: string): boolean {
  return contractIdPattern.test(text);
}

/** An update (transaction) id: a sha256 multihash over the update's seed. */
export function createUpdateId(updateSeed: string): string {
  return [multihashPrefix, sha256Hex(['update-id', updateSeed])].join('');
}

export function isUpdateId(text: string): boolean {
  return isMultihash(text);
}

/**
 * The seed every id of one update derives from: who committed it at which offset, and for
 * which submission. Offsets are unique per participant, so seeds never repeat.
 */
export function createUpdateSeed(parts: {
  readonly participantId: string;
  readonly offset: number;
  readonly discriminator: string;
}): string {
  return sha256Hex(['update-seed', parts.participantId, parts.offset, parts.discriminator]);
}

/**
 * A node's unique identifier, `<name>::<fingerprint>`: `participant1::1220…` for a participant,
 * `global-domain::1220…` for the synchronizer. Without a fingerprint the namespace derives
 * from the name, so a node keeps its ids across restarts.
 */
export function makeParticipantId(name: string, fingerprint?: string): string {
  return `${name}::${fingerprint ?? createNamespaceFingerprint(name)}`;
}

export function makeSynchronizerId(name = 'global-domain', fingerprint?: string): string {
  return `${name}::${fingerprint ?? createNamespaceFingerprint(name)}`;
}
