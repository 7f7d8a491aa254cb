import { createPackageEraser } from '@pocketnet/daml-lf';
import { createPackageRegistry, examplePackages, type UndoLog } from '@pocketnet/ledger';
import { splicePackages } from '@pocketnet/splice';
import { createLfPackageStore } from '../services/lf-package-store.ts';
import type { NodeConfig } from './node-config.ts';

/**
 * The node's packages: its own TypeScript ones (examples, Splice, `--package` modules), and the
 * Daml-LF packages users upload, which the store registers as the journal replays their uploads.
 */
export function createNodePackages(config: Pick<NodeConfig, 'packages'>, undo: UndoLog) {
  const packages = createPackageRegistry(
    [...examplePackages, ...splicePackages, ...(config.packages ?? [])],
    undo,
  );
  const lfPackages = createLfPackageStore({ packages, erase: createPackageEraser(), undo });
  return { packages, lfPackages };
}
