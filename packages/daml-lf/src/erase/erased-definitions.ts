import type { InterfaceDefinition, Package, TemplateDefinition } from '@pocketnet/ledger';
import type { TypeConName } from '../ast/names.ts';
import { qualifiedNameKey } from '../ast/names.ts';
import type { Package as LfPackage } from '../ast.ts';
import type { Evaluator } from '../machine/evaluator.ts';
import { createEvaluator } from '../machine/evaluator.ts';
import type { PackageSource } from '../machine/program.ts';
import { parseQualifiedName } from '../machine/program.ts';
import { createLfValueTypes } from '../types/lf-value-types.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import { eraseInterface } from './erase-interface.ts';
import { eraseTemplate } from './erase-template.ts';
import type { ErasedEntity, ErasureContext } from './erasure-context.ts';
import { createLfCalls } from './lf-calls.ts';

/**
 * The LF templates and interfaces of a package set in the ledger's erased forms, each built
 * once: a template implementing an interface of another package refers to the very
 * InterfaceDefinition that package registers.
 */
export type ErasedDefinitions = {
  readonly evaluator: Evaluator;
  template(name: TypeConName): TemplateDefinition;
  iface(name: TypeConName): InterfaceDefinition;
  entity(name: TypeConName): ErasedEntity;
  /** By the ledger's package-id form `pkg:Module:Entity`. */
  templateById(templateId: string): TemplateDefinition;
  /** The package's templates and interfaces as a ledger package with its real id. */
  erasePackage(packageId: string): Package;
};

function packageOf(packages: PackageSource, packageId: string): LfPackage {
  const found = packages.get(packageId);
  if (found === undefined) throw new FatalFailure(`package ${packageId} is not loaded`);
  return found;
}

export function createErasedDefinitions(
  packages: PackageSource,
  options: { fuel?: number } = {},
): ErasedDefinitions {
  const evaluator = createEvaluator(packages, options);
  const cache = new Map<string, ErasedEntity>();
  const build = (name: TypeConName): ErasedEntity => {
    const pkg = packageOf(packages, name.packageId);
    const module = pkg.modules.get(name.module);
    const template = module?.templates.get(name.name);
    if (template !== undefined) return eraseTemplate(context, name, template, pkg.metadata.name);
    const iface = module?.interfaces.get(name.name);
    if (iface !== undefined) return eraseInterface(context, name, iface, pkg.metadata.name);
    throw new FatalFailure(`${qualifiedNameKey(name)} is neither a template nor an interface`);
  };
  // By the name object too: compiled updates ask with the same one every time, and building
  // its key on each ledger action showed in profiles.
  const byName = new WeakMap<TypeConName, ErasedEntity>();
  const entity = (name: TypeConName): ErasedEntity => {
    const named = byName.get(name);
    if (named !== undefined) return named;
    const key = qualifiedNameKey(name);
    let known = cache.get(key);
    if (known === undefined) {
      known = build(name);
      cache.set(key, known);
    }
    byName.set(name, known);
    return known;
  };
  const definitions: ErasedDefinitions = {
    evaluator,
    entity,
    template(name) {
      const found = entity(name);
      if (found.kind !== 'template') throw new FatalFailure(`${name.name} is not a template`);
      return found;
    },
    iface(name) {
      const found = entity(name);
      if (found.kind !== 'interface') throw new FatalFailure(`${name.name} is not an interface`);
      return found;
    },
    templateById: (templateId) => definitions.template(parseQualifiedName(templateId)),
    erasePackage(packageId) {
      const pkg = packageOf(packages, packageId);
      const names = [...pkg.modules.values()].flatMap((module) => [
        ...[...module.templates.keys()].map((name) => ({ packageId, module: module.name, name })),
      ]);
      const interfaceNames = [...pkg.modules.values()].flatMap((module) =>
        [...module.interfaces.keys()].map((name) => ({ packageId, module: module.name, name })),
      );
      return {
        packageId,
        name: pkg.metadata.name,
        version: pkg.metadata.version,
        templates: names.map(definitions.template),
        interfaces: interfaceNames.map(definitions.iface),
      };
    },
  };
  const context: ErasureContext = {
    compiler: evaluator.compiler,
    valueTypes: createLfValueTypes((packageId) => packages.get(packageId)),
    calls: createLfCalls(evaluator),
    definitions,
  };
  return definitions;
}

/**
 * The erasure a node registers LF packages with (runtime's ErasePackage): one set of erased
 * definitions over every package the node knows, so packages uploaded at different times
 * still share their interfaces' definitions.
 */
export function createPackageEraser(options: { fuel?: number } = {}) {
  let definitions: ErasedDefinitions | null = null;
  return (pkg: LfPackage, lookup: (packageId: string) => LfPackage | undefined) => {
    definitions ??= createErasedDefinitions({ get: lookup }, options);
    const { templates, interfaces } = definitions.erasePackage(pkg.packageId);
    return { templates, interfaces };
  };
}
