import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { defineTemplate } from '../dsl/template.ts';
import { isDomainError } from '../errors.ts';
import { examplePackages, examplesPackage } from '../examples/examples-package.ts';
import { t } from '../values/builder.ts';
import { definePackage, packageBytes } from './package.ts';
import { createPackageRegistry } from './registry.ts';

function samplePackage(options: {
  version?: string;
  greeting?: 'hello' | 'goodbye';
  extraField?: boolean;
}) {
  const fields = options.extraField ? { owner: t.party(), note: t.text() } : { owner: t.party() };
  const greet = options.greeting === 'goodbye' ? () => 'goodbye' : () => 'hello';
  const template = defineTemplate({
    id: { packageName: 'sample', module: 'Sample.Main', entity: 'Thing' },
    fields,
    signatories: (payload) => [payload.owner],
    choices: (choice) => ({
      Greet: choice({
        controllers: (payload) => [payload.owner],
        argument: {},
        result: t.text(),
        body: greet,
      }),
    }),
  });
  return definePackage({
    name: 'sample',
    version: options.version ?? '1.0.0',
    templates: [template],
  });
}

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return isDomainError(error) ? error.code : String(error);
  }
  return 'no error';
}

describe('package ids', () => {
  test('are the sha256 of the canonical bytes', () => {
    const pkg = samplePackage({});
    expect(pkg.packageId).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(packageBytes(pkg)).digest('hex')).toBe(pkg.packageId);
    const text = new TextDecoder().decode(packageBytes(pkg));
    expect(JSON.parse(text)).toMatchObject({ name: 'sample', version: '1.0.0' });
    expect(text).toContain('Sample.Main:Thing');
  });

  test('are the same for the same definition and change with code, types or version', () => {
    const base = samplePackage({}).packageId;
    expect(samplePackage({}).packageId).toBe(base);
    expect(samplePackage({ greeting: 'goodbye' }).packageId).not.toBe(base);
    expect(samplePackage({ extraField: true }).packageId).not.toBe(base);
    expect(samplePackage({ version: '1.0.1' }).packageId).not.toBe(base);
  });

  test('do not depend on the loader: plain node computes the same id as the tests', () => {
    const module = fileURLToPath(new URL('../examples/examples-package.ts', import.meta.url));
    const script = `const m = await import(${JSON.stringify(module)}); process.stdout.write(m.examplesPackage.packageId);`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(output).toBe(examplesPackage.packageId);
  });

  test('refuse templates of another package name and duplicates', () => {
    const [template] = samplePackage({}).templates;
    if (template === undefined) throw new Error('no template');
    expect(() => definePackage({ name: 'other', version: '1.0.0', templates: [template] })).toThrow(
      /belongs to package sample/,
    );
    expect(() =>
      definePackage({ name: 'sample', version: '1.0.0', templates: [template, template] }),
    ).toThrow(/twice/);
  });
});

describe('package registry', () => {
  const registry = createPackageRegistry([
    ...examplePackages,
    samplePackage({}),
    samplePackage({ version: '1.2.0', greeting: 'goodbye' }),
  ]);

  test('resolves package-name references to the latest version and package-id references exactly', () => {
    const latest = registry.resolveTemplate('#sample:Sample.Main:Thing');
    expect(latest.templateId).toBe(
      `${samplePackage({ version: '1.2.0', greeting: 'goodbye' }).packageId}:Sample.Main:Thing`,
    );
    const older = samplePackage({}).packageId;
    expect(registry.resolveTemplate(`${older}:Sample.Main:Thing`).packageId).toBe(older);
    expect(registry.templateById(`${older}:Sample.Main:Thing`)?.packageName).toBe('sample');
  });

  test('lists packages and serves their bytes', () => {
    expect(
      registry
        .packages()
        .map((pkg) => `${pkg.name} ${pkg.version}`)
        .sort(),
    ).toEqual([
      'canton-builtin-admin-workflow-ping 3.4.0',
      'pocketnet-examples 1.0.0',
      'sample 1.0.0',
      'sample 1.2.0',
    ]);
    expect(registry.packageBytes(examplesPackage.packageId)).toEqual(packageBytes(examplesPackage));
    expect(registry.packageBytes('00')).toBeUndefined();
  });

  test('tells templates from interfaces and reports unknown references', () => {
    expect(registry.resolve('#pocketnet-examples:Iou:Asset').kind).toBe('interface');
    expect(codeOf(() => registry.resolveTemplate('#pocketnet-examples:Iou:Asset'))).toBe(
      'INVALID_ARGUMENT',
    );
    expect(codeOf(() => registry.resolve('#pocketnet-examples:Iou:Nothing'))).toBe(
      'TEMPLATES_OR_INTERFACES_NOT_FOUND',
    );
    expect(codeOf(() => registry.resolve('#unknown:Iou:Iou'))).toBe('PACKAGE_NOT_FOUND');
    expect(codeOf(() => registry.resolve('not a reference'))).toBe('INVALID_ARGUMENT');
  });

  test('refuses a template implementing an interface no package defines', () => {
    const [iouTemplate] = examplesPackage.templates;
    const lonely = definePackage({
      name: 'pocketnet-examples',
      version: '2.0.0',
      templates: iouTemplate ? [iouTemplate] : [],
    });
    expect(() => createPackageRegistry([lonely])).toThrow(/no loaded package defines/);
  });
});
