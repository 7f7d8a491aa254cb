// @ts-check
// Where the start's bundle lives, and whether it is that of the sources as they are now. Read by
// the entry on every run: node:fs and node:path only.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Under node_modules: machine-local like the libraries it imports, and gone with them at `npm ci`.
// POCKETNET_START_BUNDLE_DIR moves it (tests build theirs apart from the checkout's).
export const bundleFolder =
  process.env.POCKETNET_START_BUNDLE_DIR ||
  join(import.meta.dirname, '..', '..', '..', '..', 'node_modules', '.cache', 'pocketnet-start');
export const pointerFile = join(bundleFolder, 'current.json');

/**
 * The bundle's entry if every source it was built from is unchanged (same mtime and size), else
 * undefined. Stat-ing its few hundred sources costs a few milliseconds.
 * @returns {string | undefined}
 */
export function freshStartBundle() {
  /** @type {{ main: string, inputs: Record<string, [number, number]> }} */
  let pointer;
  try {
    pointer = JSON.parse(readFileSync(pointerFile, 'utf8'));
  } catch {
    return undefined;
  }
  for (const [path, [mtimeMs, size]] of Object.entries(pointer.inputs)) {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined || stat.mtimeMs !== mtimeMs || stat.size !== size) return undefined;
  }
  return statSync(pointer.main, { throwIfNoEntry: false }) === undefined ? undefined : pointer.main;
}
