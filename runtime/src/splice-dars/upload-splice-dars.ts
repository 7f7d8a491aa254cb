import type { PackageRegistry } from '@pocketnet/ledger';
import { unrestrictedCaller } from '../services/caller.ts';
import type { PackageAdmin } from '../services/package-admin.service.ts';
import type { SpliceDarSet } from './splice-dar-set.ts';

/**
 * Genesis on Splice's own packages: each DAR of the set uploaded and vetted as an operator's
 * upload would be (validated, journaled), unless a restart finds its package there already.
 */
export async function uploadSpliceDars(deps: {
  set: SpliceDarSet;
  packages: PackageRegistry;
  packageAdmin: Pick<PackageAdmin, 'upload'>;
}): Promise<void> {
  for (const dar of deps.set.dars) {
    if (deps.packages.packageById(dar.packageId)?.archive !== undefined) continue;
    await deps.packageAdmin.upload(unrestrictedCaller, dar.bytes, {
      validateOnly: false,
      vetAllPackages: true,
    });
  }
}
