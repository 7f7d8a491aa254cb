import { expect, test } from 'vitest';
import { defineTemplate } from '../dsl/template.ts';
import { t } from '../values/builder.ts';
import { definePackage, type Package } from './package.ts';
import { createPackageRegistry } from './registry.ts';

// A Daml-LF package and one of the node's TypeScript packages may share a name and version: the
// TypeScript one keeps the name unless the node chose, at start, that Daml-LF wins it
// (`--splice-dars`: Splice's own packages over the node's TypeScript Splice).

const typescript = definePackage({
  name: 'holder',
  version: '1.0.0',
  templates: [
    defineTemplate({
      id: { packageName: 'holder', module: 'Holder', entity: 'Holding' },
      fields: { owner: t.party() },
      signatories: (payload) => [payload.owner],
    }),
  ],
});
const lf: Package = {
  ...typescript,
  packageId: 'f'.repeat(64),
  archive: new TextEncoder().encode('dalf of holder'),
};
const reference = '#holder:Holder:Holding';

test('by default the TypeScript package registered first keeps the name', () => {
  const registry = createPackageRegistry([typescript]);
  registry.register([lf]);
  expect(registry.resolveTemplate(reference).packageId).toBe(typescript.packageId);
  expect(registry.selectPackage('holder', { unvetted: new Set(['0'.repeat(64)]) })?.packageId).toBe(
    typescript.packageId,
  );
});

test('a name the Daml-LF package wins resolves to it, whether registered before or after', () => {
  const before = createPackageRegistry([typescript]);
  before.preferArchives(['holder']);
  before.register([lf]);
  const after = createPackageRegistry([typescript]);
  after.register([lf]);
  expect(after.resolveTemplate(reference).packageId).toBe(typescript.packageId);
  after.preferArchives(['holder']);
  for (const registry of [before, after]) {
    expect(registry.resolveTemplate(reference).packageId).toBe(lf.packageId);
    expect(registry.selectPackage('holder')?.packageId).toBe(lf.packageId);
    // Selections that are not the default pick it too, and the TypeScript one stays by id.
    const unvetted = new Set(['0'.repeat(64)]);
    expect(registry.selectPackage('holder', { unvetted })?.packageId).toBe(lf.packageId);
    expect(registry.resolveTemplate(`${typescript.packageId}:Holder:Holding`).packageId).toBe(
      typescript.packageId,
    );
    expect(registry.selectPackage('holder', { like: typescript.packageId })?.packageId).toBe(
      typescript.packageId,
    );
  }
});

test('a higher version still wins over the preferred kind', () => {
  const newer = definePackage({ ...typescript, version: '1.1.0', name: 'holder', templates: [] });
  const registry = createPackageRegistry([typescript, newer]);
  registry.preferArchives(['holder']);
  registry.register([lf]);
  expect(registry.selectPackage('holder')?.packageId).toBe(newer.packageId);
});
