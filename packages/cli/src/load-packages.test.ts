import { fileURLToPath } from 'node:url';
import { createPackageRegistry } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { loadPackages } from './load-packages.ts';

const fixture = fileURLToPath(new URL('../fixtures/greeting-package.ts', import.meta.url));

describe('loading user packages for --package', () => {
  it('finds the packages a module exports, so their templates resolve by name', async () => {
    const packages = await loadPackages([fixture]);
    expect(packages.map((pkg) => pkg.name)).toEqual(['greetings']);
    const registry = createPackageRegistry(packages);
    expect(registry.resolveTemplate('#greetings:Greeting:Greeting').packageName).toBe('greetings');
  });

  it('refuses a module that exports no package, naming the module', async () => {
    const notAPackage = fileURLToPath(new URL('./load-packages.ts', import.meta.url));
    await expect(loadPackages([notAPackage])).rejects.toThrow(/exports no package/);
  });
});
