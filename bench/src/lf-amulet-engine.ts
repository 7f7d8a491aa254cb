import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createPackageEraser,
  decodeEnvelope,
  type Package as LfPackage,
  readDar,
} from '@pocketnet/daml-lf';
import { createPackageRegistry, type Package } from '@pocketnet/ledger';
import { type DevnetNode, startBareAmuletEngine } from './splice-devnet.ts';

// Splice's own splice-amulet DAR, run by the Daml-LF engine: its packages decoded and erased
// into the ledger's template forms, on a bare engine, bootstrapped with the devnet node's own
// AmuletRules configuration (the TypeScript templates keep Splice's field names).

const sharedDars = fileURLToPath(new URL('../../../shared/dars/', import.meta.url));
export const amuletDar = 'splice-amulet-0.1.20.dar';

export function loadLfPackages(darName: string): { mainPackageId: string; packages: Package[] } {
  const dar = readDar(new Uint8Array(readFileSync(`${sharedDars}${darName}`)));
  const decoded = new Map<string, LfPackage>();
  for (const archive of dar.archives) decoded.set(archive.packageId, decodeEnvelope(archive));
  const erase = createPackageEraser();
  const packages = [...decoded.values()].map((pkg) => ({
    packageId: pkg.packageId,
    name: pkg.metadata.name,
    version: pkg.metadata.version,
    ...erase(pkg, (id) => decoded.get(id)),
  }));
  return { mainPackageId: dar.mainPackageId, packages };
}

/** A bare engine running Splice's real AmuletRules through the LF engine. */
export async function startLfAmuletEngine(devnet: DevnetNode, hints: readonly string[]) {
  const { mainPackageId, packages } = loadLfPackages(amuletDar);
  const started = await startBareAmuletEngine(devnet, hints, {
    packages: createPackageRegistry(
      packages.filter((pkg) => (pkg.templates?.length ?? 0) + (pkg.interfaces?.length ?? 0) > 0),
    ),
    rulesTemplate: `${mainPackageId}:Splice.AmuletRules:AmuletRules`,
  });
  return { ...started, mainPackageId };
}
