import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLfDecodeError, readDar } from '@pocketnet/daml-lf';
import { compareVersions } from '@pocketnet/ledger';
import { knownReleasePackageIds, requiredSplicePackages } from './splice-release-packages.ts';

/** A Splice DAR set that cannot run: one line naming the package (the CLI exits with 2). */
export class SpliceDarsError extends Error {
  override readonly name = 'SpliceDarsError';
}

export const isSpliceDarsError = (error: unknown): error is SpliceDarsError =>
  error instanceof SpliceDarsError;

export type SpliceDar = {
  readonly name: string;
  readonly version: string;
  readonly packageId: string;
  readonly file: string;
  readonly bytes: Uint8Array;
};

export type SpliceDarSet = {
  readonly dir: string;
  /** The newest DAR of each required package, in the order they are uploaded. */
  readonly dars: readonly SpliceDar[];
};

// Splice names its DARs `<package name>-<version>.dar` (its `daml/dars/` and release bundle).
const darFileName = /^(.+)-(\d+(?:\.\d+)*)\.dar$/;
// A DAR's main DALF is `<name>-<version>-<package id>[/...].dalf`.
const mainDalfName = /([^/]+)-(\d+(?:\.\d+)*)-([0-9a-f]{64})\.dalf$/;

function darFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((file) => file.endsWith('.dar'));
  } catch (error) {
    throw new SpliceDarsError(
      `cannot read the Splice DARs folder ${dir}: ${(error as Error).message}`,
    );
  }
}

/** The newest file of each package name among `dir`'s DARs. */
function newestFiles(dir: string): Map<string, { version: string; file: string }> {
  const newest = new Map<string, { version: string; file: string }>();
  for (const file of darFiles(dir)) {
    const match = darFileName.exec(file);
    if (!match) continue;
    const [, name = '', version = ''] = match;
    const known = newest.get(name);
    if (!known || compareVersions(version, known.version) > 0) newest.set(name, { version, file });
  }
  return newest;
}

function readSpliceDar(dir: string, name: string, version: string, file: string): SpliceDar {
  const bytes = new Uint8Array(readFileSync(join(dir, file)));
  let dar: ReturnType<typeof readDar>;
  try {
    dar = readDar(bytes);
  } catch (error) {
    if (!isLfDecodeError(error)) throw error;
    throw new SpliceDarsError(`${name} ${version}: ${file} is no valid DAR (${error.message})`);
  }
  const main = mainDalfName.exec(dar.manifest.mainDalf);
  if (!main || main[1] !== name || main[2] !== version || main[3] !== dar.mainPackageId) {
    throw new SpliceDarsError(
      `${name} ${version}: ${file} holds ${dar.manifest.mainDalf}, not ${name}-${version}`,
    );
  }
  return { name, version, packageId: dar.mainPackageId, file, bytes };
}

/** The newest DAR of one package name in `dir` (its file checked to hold that package). */
export function readNewestSpliceDar(dir: string, name: string): SpliceDar {
  const found = newestFiles(dir).get(name);
  if (!found) throw new SpliceDarsError(`${name}: no ${name}-<version>.dar in ${dir}`);
  return readSpliceDar(dir, name, found.version, found.file);
}

/**
 * Splice's packages in `dir`, the newest version of each, checked: every required one is there,
 * each file holds the package it is named for, and for a release we know (`release`), each is
 * that release's package (version and id).
 */
export function readSpliceDarSet(dir: string, release?: string): SpliceDarSet {
  const newest = newestFiles(dir);
  const expected = release === undefined ? undefined : knownReleasePackageIds[release];
  const dars = requiredSplicePackages.map((name) => {
    const found = newest.get(name);
    if (!found) throw new SpliceDarsError(`${name}: no ${name}-<version>.dar in ${dir}`);
    const dar = readSpliceDar(dir, name, found.version, found.file);
    if (expected) checkRelease(dar, release ?? '', expected);
    return dar;
  });
  return { dir, dars };
}

function checkRelease(dar: SpliceDar, release: string, expected: Readonly<Record<string, string>>) {
  const key = `${dar.name}-${dar.version}`;
  const id = expected[key];
  if (id === undefined) {
    const wanted = Object.keys(expected).find(
      (other) => darFileName.exec(`${other}.dar`)?.[1] === dar.name,
    );
    throw new SpliceDarsError(
      `${dar.name} ${dar.version}: Splice ${release} runs ${wanted ?? 'another version'}`,
    );
  }
  if (id !== dar.packageId) {
    throw new SpliceDarsError(
      `${dar.name} ${dar.version}: package id ${dar.packageId} is not Splice ${release}'s ${id}`,
    );
  }
}
