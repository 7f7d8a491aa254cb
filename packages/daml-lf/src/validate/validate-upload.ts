// The checks an upload passes before anything is stored: every package decodes, every dependency
// is in the upload or already known, no new package reuses a known name and version, every
// reference of every new package resolves, every new package erases to the ledger's definitions,
// and versions of one name upgrade one another.

import type { PackageId } from '../ast/names.ts';
import type { Package } from '../ast.ts';
import type { ArchiveEnvelope } from '../decode/decode-archive.ts';
import { erasureProblem } from './erasure-check.ts';
import { createPackageCache, type PackageCache } from './package-cache.ts';
import { upgradeProblem } from './upgrade-check.ts';
import {
  asUploadError,
  knownVersion,
  notSelfConsistent,
  notValidUpgrade,
  validationFailed,
} from './upload-errors.ts';
import { danglingReference } from './well-formed.ts';

export type KnownPackages = {
  readonly has: (packageId: PackageId) => boolean;
  /** A known package, decoded (the store may decode it only now). */
  readonly get: (packageId: PackageId) => Package | undefined;
  readonly withNameAndVersion: (name: string, version: string) => PackageId | undefined;
  /** The known (vetted) Daml-LF packages of a name, every version: what upgrades are checked against. */
  readonly withName: (name: string) => readonly PackageId[];
};

export type UploadedPackage = { readonly envelope: ArchiveEnvelope; readonly pkg: Package };

/**
 * A utility package defines no templates and no interfaces (daml-prim, daml-stdlib's type
 * packages): Canton exempts it from upgrade checks, so several may share a name and version.
 */
export const isUtilityPackage = (pkg: Package): boolean =>
  [...pkg.modules.values()].every((m) => m.templates.size === 0 && m.interfaces.size === 0);

function decodeFresh(
  archives: readonly ArchiveEnvelope[],
  known: KnownPackages,
  cache: PackageCache,
) {
  const fresh = new Map<PackageId, UploadedPackage>();
  for (const envelope of archives) {
    if (known.has(envelope.packageId) || fresh.has(envelope.packageId)) continue;
    const pkg = asUploadError(() => cache.decode(envelope));
    fresh.set(envelope.packageId, { envelope, pkg });
  }
  return fresh;
}

function checkSelfConsistent(fresh: ReadonlyMap<PackageId, UploadedPackage>, known: KnownPackages) {
  const missing = new Set<PackageId>();
  for (const { pkg } of fresh.values()) {
    for (const dependency of pkg.directDependencies) {
      if (!fresh.has(dependency) && !known.has(dependency)) missing.add(dependency);
    }
  }
  if (missing.size > 0) throw notSelfConsistent([...fresh.keys()], [...missing].sort());
}

function checkVersions(fresh: ReadonlyMap<PackageId, UploadedPackage>, known: KnownPackages) {
  const claimed = new Map<string, PackageId>();
  for (const { pkg } of fresh.values()) {
    if (isUtilityPackage(pkg)) continue;
    const { name, version } = pkg.metadata;
    const existing = known.withNameAndVersion(name, version) ?? claimed.get(`${name}@${version}`);
    if (existing !== undefined && existing !== pkg.packageId) {
      throw knownVersion(`${pkg.packageId} (${name} v${version})`, existing, version);
    }
    claimed.set(`${name}@${version}`, pkg.packageId);
  }
}

/** Orders package versions (dotted numbers) numerically. */
export const compareVersions = (a: string, b: string) => {
  const [left, right] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
};

/** Each new package upgrades the version of its name just below it, and is upgraded by the one above. */
function checkUpgrades(
  fresh: ReadonlyMap<PackageId, UploadedPackage>,
  known: KnownPackages,
  source: (id: PackageId) => Package | undefined,
) {
  const nameOf = (id: PackageId) => source(id)?.metadata.name;
  for (const { pkg } of fresh.values()) {
    if (isUtilityPackage(pkg)) continue;
    const { name, version } = pkg.metadata;
    const sameName = [...known.withName(name), ...fresh.keys()]
      .filter((id) => id !== pkg.packageId)
      .map(source)
      .filter(
        (other): other is Package => other?.metadata.name === name && !isUtilityPackage(other),
      )
      .sort((a, b) => compareVersions(a.metadata.version, b.metadata.version));
    const below = sameName.filter((o) => compareVersions(o.metadata.version, version) < 0).at(-1);
    const above = sameName.find((o) => compareVersions(o.metadata.version, version) > 0);
    const problemBelow = below && upgradeProblem(below, pkg, nameOf);
    if (below && problemBelow) throw notValidUpgrade(below, pkg, problemBelow, 'uploaded');
    const problemAbove = above && upgradeProblem(pkg, above, nameOf);
    if (above && problemAbove) throw notValidUpgrade(pkg, above, problemAbove, 'existing');
  }
}

/** Every reference of the new packages resolves and every new package erases. */
function checkUsable(
  fresh: ReadonlyMap<PackageId, UploadedPackage>,
  source: (id: PackageId) => Package | undefined,
  cache: PackageCache,
) {
  for (const { pkg } of fresh.values()) {
    const problem = danglingReference(pkg, source);
    if (problem !== undefined) throw validationFailed(problem);
  }
  // As Canton's package validation: a package the engine cannot use is refused here, not at its
  // first command.
  const unusable = erasureProblem(
    [...fresh.values()].map(({ pkg }) => pkg),
    source,
  );
  if (unusable !== undefined) throw validationFailed(unusable);
  cache.markChecked(fresh.keys());
}

export type ValidateOptions = {
  /** As Canton: packages uploaded to be vetted must upgrade the vetted ones of their names. */
  readonly checkUpgrades?: boolean;
  /** The packages the node's process has decoded and checked; without it, none are reused or kept. */
  readonly cache?: PackageCache;
};

/** The packages of the upload that are new, each checked; throws Canton's error otherwise. */
export function validateUpload(
  archives: readonly ArchiveEnvelope[],
  known: KnownPackages,
  options: ValidateOptions = {},
): UploadedPackage[] {
  const cache = options.cache ?? createPackageCache();
  const fresh = decodeFresh(archives, known, cache);
  checkSelfConsistent(fresh, known);
  checkVersions(fresh, known);
  const source = (id: PackageId) => fresh.get(id)?.pkg ?? known.get(id);
  // Every dependency is present (checked above) and each id is one package, so a package the
  // cache's nodes have already checked passes again: only a set with an unchecked package is checked.
  if (![...fresh.keys()].every(cache.wasChecked)) checkUsable(fresh, source, cache);
  if (options.checkUpgrades ?? true) checkUpgrades(fresh, known, source);
  return [...fresh.values()];
}
