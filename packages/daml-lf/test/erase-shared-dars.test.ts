import { expect, it } from 'vitest';
import { createErasedDefinitions } from '../src/erase/erased-definitions.ts';
import { sharedPackages } from './shared-dars.ts';

it("erases every template and interface of Splice's DARs into the ledger's forms", () => {
  const packages = sharedPackages();
  const erased = createErasedDefinitions(packages);
  let templates = 0;
  let interfaces = 0;
  for (const packageId of packages.keys()) {
    const pkg = erased.erasePackage(packageId);
    templates += pkg.templates?.length ?? 0;
    interfaces += pkg.interfaces?.length ?? 0;
    for (const template of pkg.templates ?? []) {
      expect(template.payloadType.kind).toBe('record');
      expect(template.choices.has('Archive')).toBe(true);
    }
  }
  expect(templates).toBeGreaterThan(100);
  expect(interfaces).toBeGreaterThan(10);
});
