import { createPackageCache, createPackageEraser } from '@pocketnet/daml-lf';
import { createPackageRegistry, examplePackages, type UndoLog } from '@pocketnet/ledger';
import { splicePackages } from '@pocketnet/splice';
import { createLfPackageStore } from '../services/lf-package-store.ts';
import type { NodeConfig } from './node-config.ts';

/**
 * The node's packages: its own TypeScript ones (examples, Splice, `--package` modules), and the
 * Daml-LF packages users upload, which the store registers as the journal replays their uploads.
 */
export function createNodePackages(
  config: Pick<NodeConfig, 'packages' | 'packageCache'>,
  undo: UndoLog,
) {
  const packages = createPackageRegistry(
    [...examplePackages, ...splicePackages, ...(config.packages ?? [])],
    undo,
  );
  const lfPackages = createLfPackageStore({
    packages,
    // A node alone in its process keeps a cache of its own (its uploads still decode once).
    cache: config.packageCache ?? createPackageCache(),
    erase: createPackageEraser(),
    undo,
  });
  return { packages, lfPackages };
}
