// A package is well-formed here when everything it refers to exists where it says.

import { type PackageId, qualifiedNameKey } from '../ast/names.ts';
import type { Module, Package } from '../ast.ts';
import { forEachReference, type Reference } from './package-references.ts';

export type PackageSource = (packageId: PackageId) => Package | undefined;

function exists(module: Module, reference: Reference): boolean {
  const { name } = reference.name;
  switch (reference.kind) {
    case 'dataType':
      return module.dataTypes.has(name);
    case 'synonym':
      return module.synonyms.has(name);
    case 'value':
      return module.values.has(name);
    case 'template': {
      const template = module.templates.get(name);
      return (
        template !== undefined && (!reference.choice || template.choices.has(reference.choice))
      );
    }
    case 'interface':
      return module.interfaces.has(name);
  }
}

/** The first reference of the package that does not resolve, described; undefined when none. */
export function danglingReference(pkg: Package, source: PackageSource): string | undefined {
  let problem: string | undefined;
  forEachReference(pkg, (reference) => {
    if (problem !== undefined) return;
    const target =
      reference.name.packageId === pkg.packageId ? pkg : source(reference.name.packageId);
    const module = target?.modules.get(reference.name.module);
    if (module && exists(module, reference)) return;
    const what = reference.choice
      ? `choice ${reference.choice} of template ${qualifiedNameKey(reference.name)}`
      : `${reference.kind} ${qualifiedNameKey(reference.name)}`;
    problem = `package ${pkg.packageId} refers to ${what}, which does not exist`;
  });
  return problem;
}
