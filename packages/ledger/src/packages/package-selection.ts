import { DomainError } from '../errors.ts';
import type { Package } from './package.ts';
import {
  isLf,
  loadDeferred,
  outranks,
  type RegistryIndex,
  templatesNotFound,
} from './registry-index.ts';
import type { ResolvedEntity } from './resolved-entity.ts';
import { parseReference } from './template-reference.ts';

/**
 * Which version of a package name a `#name:…` reference means (Canton's package selection):
 * a package the submission prefers, else the highest vetted version; of two packages of one
 * version, the one registered first (the node's own TypeScript package before a Daml-LF one),
 * unless the node chose the Daml-LF one for that name (`archivesWin`).
 */
export type PackageSelection = {
  /** Package ids the submission prefers (`packageIdSelectionPreference`). */
  readonly preferred?: readonly string[];
  /** Package ids the participant does not vet: never selected by name. */
  readonly unvetted?: ReadonlySet<string>;
  /**
   * Package ids the participant does not have (only another participant of the synchronizer
   * was given them): unknown to it, by name and by id.
   */
  readonly absent?: ReadonlySet<string>;
  /** Only packages written the same way (Daml-LF or TypeScript) as this package id's. */
  readonly like?: string;
};

const isDefault = (selection: PackageSelection | undefined) =>
  selection === undefined ||
  ((selection.preferred ?? []).length === 0 &&
    (selection.unvetted?.size ?? 0) === 0 &&
    (selection.absent?.size ?? 0) === 0 &&
    selection.like === undefined);

/** The package a name selects, or undefined when no version of it may be used. */
export function selectByName(
  index: RegistryIndex,
  name: string,
  selection: PackageSelection | undefined,
): Package | undefined {
  if (isDefault(selection)) return index.latestByName.get(name);
  const like = selection?.like === undefined ? undefined : index.packagesById.get(selection.like);
  const candidates = (index.byName.get(name) ?? []).filter(
    (pkg) =>
      !selection?.unvetted?.has(pkg.packageId) &&
      !selection?.absent?.has(pkg.packageId) &&
      (like === undefined || isLf(pkg) === isLf(like)),
  );
  const preferred = candidates.find((pkg) => selection?.preferred?.includes(pkg.packageId));
  if (preferred !== undefined) return preferred;
  let best: Package | undefined;
  for (const pkg of candidates) if (outranks(index, pkg, best)) best = pkg;
  return best;
}

export function resolveReference(
  index: RegistryIndex,
  reference: string,
  selection?: PackageSelection,
): ResolvedEntity {
  const key = cacheKey(index, reference, selection);
  const known = key === undefined ? undefined : index.resolved.get(key);
  if (known !== undefined) return known;
  const entry = resolveUncached(index, reference, selection);
  if (key !== undefined) index.resolved.set(key, entry);
  return entry;
}

/**
 * The key a resolution is kept under: the reference itself by default, with the kind of
 * package asked for when that is all the selection says (every `#name` exercise asks it);
 * none when the submission prefers packages or some are unvetted (rare: resolved afresh).
 */
function cacheKey(
  index: RegistryIndex,
  reference: string,
  selection: PackageSelection | undefined,
): string | undefined {
  if (selection === undefined || isDefault(selection)) return reference;
  if (
    (selection.preferred ?? []).length > 0 ||
    (selection.unvetted?.size ?? 0) > 0 ||
    (selection.absent?.size ?? 0) > 0
  ) {
    return undefined;
  }
  const like = selection.like === undefined ? undefined : index.packagesById.get(selection.like);
  return `${reference}\u0000${like?.archive === undefined ? 'ts' : 'lf'}`;
}

/** Whether the participant has some version of a package name (vetted or not). */
const isKnownName = (index: RegistryIndex, name: string, selection: PackageSelection | undefined) =>
  (index.byName.get(name) ?? []).some((pkg) => !selection?.absent?.has(pkg.packageId));

function resolveUncached(
  index: RegistryIndex,
  reference: string,
  selection: PackageSelection | undefined,
): ResolvedEntity {
  const parsed = parseReference(reference);
  const pkg =
    parsed.by === 'name'
      ? selectByName(index, parsed.packageRef, selection)
      : selection?.absent?.has(parsed.packageRef)
        ? undefined
        : index.packagesById.get(parsed.packageRef);
  if (pkg !== undefined && index.deferred.has(pkg.packageId)) {
    loadDeferred(index, pkg.packageId);
    return resolveUncached(index, reference, selection);
  }
  if (
    pkg === undefined &&
    parsed.by === 'name' &&
    isKnownName(index, parsed.packageRef, selection)
  ) {
    // The name is known but every version of it is unvetted here: as with a package id no
    // longer vetted, no synchronizer can take the submission.
    throw new DomainError(
      'NO_SYNCHRONIZER_FOR_SUBMISSION',
      `No valid synchronizer for submission found: no package named ${parsed.packageRef} is vetted`,
      { details: { packageName: parsed.packageRef } },
    );
  }
  if (pkg === undefined) {
    const what = parsed.by === 'name' ? 'package name' : 'package id';
    throw new DomainError(
      'PACKAGE_NOT_FOUND',
      `No package found for ${what} ${parsed.packageRef}`,
      {
        details: { packageRef: parsed.packageRef },
      },
    );
  }
  const entry = index.byId.get(`${pkg.packageId}:${parsed.qualifiedName}`);
  if (entry === undefined) throw templatesNotFound(reference);
  return entry;
}
