import type { InterfaceDefinition, TemplateDefinition } from '../dsl/definitions.ts';
import { qualifiedName } from '../dsl/definitions.ts';
import { DomainError } from '../errors.ts';
import type { TemplateIdString } from '../transaction.ts';
import type { Package } from './package.ts';
import type { ResolvedEntity, ResolvedInterface, ResolvedTemplate } from './resolved-entity.ts';
import { compareVersions, parseReference } from './template-reference.ts';

export type RegistryIndex = {
  readonly byObject: Map<TemplateDefinition | InterfaceDefinition, ResolvedEntity>;
  /** Templates and interfaces by package-id form id. */
  readonly byId: Map<TemplateIdString, ResolvedEntity>;
  readonly latestByName: Map<string, Package>;
  readonly packagesById: Map<string, Package>;
  /** Implementing templates by interface id. */
  readonly implementations: Map<TemplateIdString, TemplateIdString[]>;
  /** References already resolved: every command names one, so this is on the hot path. */
  readonly resolved: Map<string, ResolvedEntity>;
};

function indexPackage(index: RegistryIndex, pkg: Package): void {
  index.packagesById.set(pkg.packageId, pkg);
  const latest = index.latestByName.get(pkg.name);
  if (latest?.version === pkg.version && latest.packageId !== pkg.packageId) {
    throw new Error(`two different packages are both ${pkg.name} ${pkg.version}`);
  }
  if (latest === undefined || compareVersions(pkg.version, latest.version) > 0) {
    index.latestByName.set(pkg.name, pkg);
  }
  for (const definition of pkg.interfaces) {
    const interfaceId = `${pkg.packageId}:${qualifiedName(definition.id)}`;
    const { packageId, name: packageName } = pkg;
    const entry: ResolvedInterface = {
      kind: 'interface',
      definition,
      interfaceId,
      packageId,
      packageName,
    };
    index.byObject.set(definition, entry);
    index.byId.set(interfaceId, entry);
  }
}

function interfaceIdOf(
  index: RegistryIndex,
  template: TemplateDefinition,
  target: InterfaceDefinition,
): string {
  const entry = index.byObject.get(target);
  if (entry?.kind !== 'interface') {
    throw new Error(
      `${qualifiedName(template.id)} implements ${qualifiedName(target.id)}, which no loaded package defines`,
    );
  }
  return entry.interfaceId;
}

function indexTemplates(index: RegistryIndex, pkg: Package): void {
  for (const definition of pkg.templates) {
    const implementedInterfaces = definition.implementations.map((implementation) =>
      interfaceIdOf(index, definition, implementation.interface),
    );
    const templateId = `${pkg.packageId}:${qualifiedName(definition.id)}`;
    const { packageId, name: packageName } = pkg;
    const entry: ResolvedTemplate = {
      kind: 'template',
      definition,
      templateId,
      packageId,
      packageName,
      implementedInterfaces,
    };
    index.byObject.set(definition, entry);
    index.byId.set(templateId, entry);
    for (const interfaceId of implementedInterfaces) {
      const known = index.implementations.get(interfaceId) ?? [];
      index.implementations.set(interfaceId, [...known, templateId]);
    }
  }
}

export function buildRegistryIndex(packages: readonly Package[]): RegistryIndex {
  const index: RegistryIndex = {
    byObject: new Map(),
    byId: new Map(),
    latestByName: new Map(),
    packagesById: new Map(),
    implementations: new Map(),
    resolved: new Map(),
  };
  for (const pkg of packages) indexPackage(index, pkg);
  for (const pkg of index.packagesById.values()) indexTemplates(index, pkg);
  return index;
}

export function templatesNotFound(reference: string): DomainError {
  return new DomainError(
    'TEMPLATES_OR_INTERFACES_NOT_FOUND',
    `Templates or interfaces do not exist: ${reference}`,
    {
      details: { templateId: reference },
    },
  );
}

export function resolveReference(index: RegistryIndex, reference: string): ResolvedEntity {
  const known = index.resolved.get(reference);
  if (known !== undefined) return known;
  const entry = resolveUncached(index, reference);
  index.resolved.set(reference, entry);
  return entry;
}

function resolveUncached(index: RegistryIndex, reference: string): ResolvedEntity {
  const parsed = parseReference(reference);
  const pkg =
    parsed.by === 'name'
      ? index.latestByName.get(parsed.packageRef)
      : index.packagesById.get(parsed.packageRef);
  if (pkg === undefined) {
    const what = parsed.by === 'name' ? 'package name' : 'package id';
    throw new DomainError(
      'PACKAGE_NOT_FOUND',
      `No package found for ${what} ${parsed.packageRef}`,
      {
        details: { packageRef: parsed.packageRef },
      },
    );
  }
  const entry = index.byId.get(`${pkg.packageId}:${parsed.qualifiedName}`);
  if (entry === undefined) throw templatesNotFound(reference);
  return entry;
}
