// By package id: a package id is the SHA-256 of the package's payload (readArchive checks it), so
// one id is one package in every node that shares a cache. Decoding a package and proving it well
// formed and erasable are pure functions of its id and its dependencies' ids (which its payload
// names), so a node reuses the work of the nodes before it instead of redoing it. Only immutable
// results are kept: each node's package registry, vetting, journal and undo log stay its own.

import type { PackageId } from '../ast/names.ts';
import type { Package } from '../ast.ts';
import { type ArchiveEnvelope, decodeEnvelope, readArchive } from '../decode/decode-archive.ts';

/**
 * Decoded and checked packages, shared by the nodes of a process: its composition root creates
 * one and hands it to each node (LocalNet's validators, a node's next life after a revert, a test
 * file's nodes).
 */
export type PackageCache = {
  /** An archive's package, decoded once (without source locations). */
  readonly decode: (envelope: ArchiveEnvelope) => Package;
  /** A DALF's package, its hash checked each time and its payload decoded once. */
  readonly decodeDalf: (archiveBytes: Uint8Array) => Package;
  /** Whether a package was shown to reference only what exists and to erase. */
  readonly wasChecked: (packageId: PackageId) => boolean;
  readonly markChecked: (packageIds: Iterable<PackageId>) => void;
};

/**
 * Packages only validated (`/v2/dars/validate`) are never stored by a node, so a process that
 * validates many throwaway DARs would grow without end: the oldest are forgotten past this many
 * (Splice's whole release is about 65).
 */
const defaultKeptPackages = 1_000;

export function createPackageCache(options: { readonly keptPackages?: number } = {}): PackageCache {
  const keptPackages = options.keptPackages ?? defaultKeptPackages;
  const decodedById = new Map<PackageId, Package>();
  const checkedIds = new Set<PackageId>();
  const forgetOldest = (kept: Map<PackageId, unknown> | Set<PackageId>) => {
    while (kept.size > keptPackages) {
      const oldest = kept.keys().next();
      if (oldest.done) return;
      kept.delete(oldest.value);
    }
  };
  const decode = (envelope: ArchiveEnvelope): Package => {
    const cached = decodedById.get(envelope.packageId);
    if (cached) return cached;
    const pkg = decodeEnvelope(envelope);
    decodedById.set(envelope.packageId, pkg);
    forgetOldest(decodedById);
    return pkg;
  };
  return {
    decode,
    decodeDalf: (archiveBytes) => decode(readArchive(archiveBytes)),
    wasChecked: (packageId) => checkedIds.has(packageId),
    markChecked: (packageIds) => {
      for (const packageId of packageIds) checkedIds.add(packageId);
      forgetOldest(checkedIds);
    },
  };
}
