import { describe, expect, test } from 'vitest';
import { defineTemplate } from '../dsl/template.ts';
import { asset } from '../examples/asset.ts';
import { examplesPackage } from '../examples/examples-package.ts';
import { t } from '../values/builder.ts';
import { definePackage, type Package } from './package.ts';
import { createPackageRegistry } from './registry.ts';

// Uploaded Daml-LF packages are registered before they are decoded: listed and served at once,
// their templates and interfaces loaded the first time something needs them.

const holding = defineTemplate({
  id: { packageName: 'holder', module: 'Holder', entity: 'Holding' },
  fields: { owner: t.party(), amount: t.numeric(10) },
  signatories: (payload) => [payload.owner],
  implements: (implement) => [
    implement(asset, {
      view: ({ owner, amount }) => ({ owner, amount, currency: 'USD' }),
      choices: { Asset_Transfer: () => '' },
    }),
  ],
});
const holderPackage = definePackage({ name: 'holder', version: '1.0.0', templates: [holding] });
const unrelated = definePackage({
  name: 'unrelated',
  version: '2.0.0',
  templates: [
    defineTemplate({
      id: { packageName: 'unrelated', module: 'Other', entity: 'Thing' },
      fields: { owner: t.party() },
      signatories: (payload) => [payload.owner],
    }),
  ],
});

function deferred(pkg: Package, dependencies: string[], loads: string[]) {
  const archive = new TextEncoder().encode(`dalf of ${pkg.name}`);
  const placeholder: Package = { ...pkg, templates: [], interfaces: [], archive };
  const load = () => {
    loads.push(pkg.name);
    return { ...pkg, archive };
  };
  return [placeholder, { load, dependencies }] as const;
}

describe('deferred packages', () => {
  test('are listed and served before they are loaded, and loaded only when needed', () => {
    const registry = createPackageRegistry([examplesPackage]);
    const loads: string[] = [];
    registry.registerDeferred(...deferred(holderPackage, [examplesPackage.packageId], loads));
    registry.registerDeferred(...deferred(unrelated, [], loads));
    expect(registry.packages().map((p) => p.name)).toEqual(
      expect.arrayContaining(['holder', 'unrelated']),
    );
    expect(new TextDecoder().decode(registry.packageBytes(unrelated.packageId))).toBe(
      'dalf of unrelated',
    );
    expect(loads).toEqual([]);

    // An interface's implementations load the packages that refer to its package, only.
    expect(registry.implementationsOf('#pocketnet-examples:Iou:Asset')).toContain(
      `${holderPackage.packageId}:Holder:Holding`,
    );
    expect(loads).toEqual(['holder']);

    expect(registry.resolveTemplate('#unrelated:Other:Thing').packageId).toBe(unrelated.packageId);
    expect(loads).toEqual(['holder', 'unrelated']);
    expect(registry.templateById(`${unrelated.packageId}:Other:Thing`)?.packageName).toBe(
      'unrelated',
    );
    expect(loads).toHaveLength(2);
  });

  test('load by template id, as a stored contract names its template', () => {
    const registry = createPackageRegistry([examplesPackage]);
    const loads: string[] = [];
    registry.registerDeferred(...deferred(unrelated, [], loads));
    expect(registry.templateById(`${unrelated.packageId}:Other:Thing`)?.templateId).toBe(
      `${unrelated.packageId}:Other:Thing`,
    );
    expect(loads).toEqual(['unrelated']);
  });
});
