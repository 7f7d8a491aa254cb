// Process-wide, by package id: a package id is the SHA-256 of the package's payload (readArchive
// checks it), so one id is one package in every node of a process. Decoding a package and
// proving it well formed and erasable are pure functions of its id and its dependencies' ids
// (which its payload names), so a second node in the process (a test suite's, a LocalNet
// validator's) reuses the first's work instead of redoing it. Only immutable results are kept:
// each node's package registry, vetting, journal and undo log stay its own.

import type { PackageId } from '../ast/names.ts';
import type { Package } from '../ast.ts';
import { type ArchiveEnvelope, decodeEnvelope, readArchive } from '../decode/decode-archive.ts';

const decodedById = new Map<PackageId, Package>();
/** Packages shown to reference only what exists and to erase to the ledger's definitions. */
const checkedIds = new Set<PackageId>();
/**
 * Packages only validated (`/v2/dars/validate`) are never stored by a node, so a process that
 * validates many throwaway DARs would grow without end: the oldest are forgotten past this many
 * (Splice's whole release is about 65).
 */
const keptPackages = 1_000;

function forgetOldest<TKey>(kept: Map<TKey, unknown> | Set<TKey>): void {
  while (kept.size > keptPackages) {
    const oldest = kept.keys().next();
    if (oldest.done) return;
    kept.delete(oldest.value);
  }
}

/** An archive's package, decoded once per process (without source locations). */
export function decodeOnce(envelope: ArchiveEnvelope): Package {
  const cached = decodedById.get(envelope.packageId);
  if (cached) return cached;
  const pkg = decodeEnvelope(envelope);
  decodedById.set(envelope.packageId, pkg);
  forgetOldest(decodedById);
  return pkg;
}

/** A DALF's package, its hash checked each time and its payload decoded once per process. */
export const decodeDalfOnce = (archiveBytes: Uint8Array): Package =>
  decodeOnce(readArchive(archiveBytes));

export const wasChecked = (packageId: PackageId): boolean => checkedIds.has(packageId);

export function markChecked(packageIds: Iterable<PackageId>): void {
  for (const packageId of packageIds) checkedIds.add(packageId);
  forgetOldest(checkedIds);
}
