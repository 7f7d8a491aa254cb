import { resolve } from 'node:path';
import { createPackageCache } from '@pocketnet/daml-lf';
import { readSpliceDarSet, type SpliceDarSet } from '../src/splice-dars/splice-dar-set.ts';

/**
 * The switch that runs the existing suites on Splice's own packages (issue 21):
 * `POCKETNET_TEST_SPLICE_DARS=DIR` makes every devnet test node start as `--splice-dars DIR`
 * does; unset, the nodes run our TypeScript Splice. Read once: a DAR set is ~10 MB of packages.
 */
export const spliceDarsVariable = 'POCKETNET_TEST_SPLICE_DARS';

let cached: SpliceDarSet | null | undefined;

export function spliceDarsUnderTest(): SpliceDarSet | undefined {
  if (cached === undefined) {
    const dir = process.env[spliceDarsVariable];
    cached = dir ? readSpliceDarSet(resolve(dir)) : null;
  }
  return cached ?? undefined;
}

/** Which implementation the suites run on, for test names and skip reasons. */
export const implementationUnderTest = (): string =>
  spliceDarsUnderTest() ? "Splice's own packages" : 'our TypeScript Splice';

/**
 * The package cache of the test nodes: test files share their workers (isolate: false) as a
 * process's nodes share a cache, so a DAR a worker's nodes upload again and again (every devnet
 * node's `--splice-dars` set) is decoded and checked once.
 */
export const packageCacheUnderTest = createPackageCache();
