import type { PackageRegistry, ParticipantState } from '@pocketnet/ledger';
import { unrestrictedCaller } from '../services/caller.ts';
import type { PackageAdmin } from '../services/package-admin.service.ts';
import type { SpliceDarSet } from './splice-dar-set.ts';

/**
 * `--splice-dars` (issue 21), before the devnet's genesis: each of Splice's DARs uploaded and
 * vetted as an operator's upload would be (validated, journaled), unless a restart finds it there.
 */
export async function uploadSpliceDars(deps: {
  set: SpliceDarSet | null | undefined;
  packages: PackageRegistry;
  /** The participant the DARs go to: each one of LocalNet's validators uploads its own. */
  to: {
    readonly packageAdmin: Pick<PackageAdmin, 'upload'>;
    readonly participant: ParticipantState;
  };
}): Promise<void> {
  const { vetting } = deps.to.participant;
  for (const dar of deps.set?.dars ?? []) {
    const known = deps.packages.packageById(dar.packageId)?.archive !== undefined;
    if (known && !vetting.elsewhere.has(dar.packageId)) continue;
    await deps.to.packageAdmin.upload(unrestrictedCaller, dar.bytes, {
      validateOnly: false,
      vetAllPackages: true,
    });
  }
}

/**
 * `#name:Module:Entity` as Splice's own package of that name (by its id), for the packages of a
 * `--splice-dars` set; any other reference as it is. The genesis creates the real templates
 * through it, with the payloads our Splice builds (the same field names; issue 21).
 */
export function spliceTemplateOf(set: SpliceDarSet): (reference: string) => string {
  const ids = new Map(set.dars.map((dar) => [dar.name, dar.packageId]));
  return (reference) => {
    const match = /^#([^:]+):(.+)$/.exec(reference);
    const id = match ? ids.get(match[1] ?? '') : undefined;
    return id === undefined ? reference : `${id}:${match?.[2]}`;
  };
}
