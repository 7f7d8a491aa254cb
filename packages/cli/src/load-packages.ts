import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Package } from '@pocketnet/ledger';

const isPackage = (value: unknown): value is Package =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { packageId?: unknown }).packageId === 'string' &&
  typeof (value as { name?: unknown }).name === 'string' &&
  Array.isArray((value as { templates?: unknown }).templates);

/** Every package a module exports, directly or in an exported list (`--package ./my-app.ts`). */
export async function loadPackages(modulePaths: readonly string[]): Promise<Package[]> {
  const loaded: Package[] = [];
  for (const modulePath of modulePaths) {
    const exports: Record<string, unknown> = await import(pathToFileURL(resolve(modulePath)).href);
    const found = Object.values(exports).flatMap((value) =>
      Array.isArray(value) ? value.filter(isPackage) : isPackage(value) ? [value] : [],
    );
    if (found.length === 0) {
      throw new Error(`${modulePath} exports no package: export the result of definePackage(...)`);
    }
    loaded.push(...found);
  }
  return [...new Map(loaded.map((pkg) => [pkg.packageId, pkg])).values()];
}
