import type { InterfaceDefinition, TemplateDefinition } from '../dsl/definitions.ts';
import { qualifiedName } from '../dsl/definitions.ts';
import { DomainError } from '../errors.ts';
import type { TemplateIdString } from '../transaction.ts';
import { createUndoLog, type UndoLog } from '../undo/undo-log.ts';
import { undoableMap, undoableSet } from '../undo/undoable-collections.ts';
import type { Package } from './package.ts';
import type { ResolvedEntity, ResolvedInterface, ResolvedTemplate } from './resolved-entity.ts';
import { compareVersions } from './template-reference.ts';

/** How to load a deferred package, and the packages to load before it (its dependencies). */
export type DeferredPackage = {
  readonly load: () => Package;
  readonly dependencies: readonly string[];
};

export type RegistryIndex = {
  readonly byObject: Map<TemplateDefinition | InterfaceDefinition, ResolvedEntity>;
  /** Templates and interfaces by package-id form id. */
  readonly byId: Map<TemplateIdString, ResolvedEntity>;
  readonly latestByName: Map<string, Package>;
  /** Every version of each package name, in registration order. */
  readonly byName: Map<string, Package[]>;
  readonly packagesById: Map<string, Package>;
  /** Implementing templates by interface id. */
  readonly implementations: Map<TemplateIdString, TemplateIdString[]>;
  /** References already resolved: every command names one, so this is on the hot path. */
  readonly resolved: Map<string, ResolvedEntity>;
  /**
   * Packages registered without their definitions (a Daml-LF package is decoded only when one
   * of its templates or interfaces is first needed): how to load each, by package id.
   */
  readonly deferred: Map<string, DeferredPackage>;
  /**
   * Names whose Daml-LF package wins a tie of versions with a TypeScript one (the node's choice
   * at start: Splice's own packages under `--splice-dars`); by default the first registered wins.
   */
  readonly archivesWin: Set<string>;
};

export const isLf = (pkg: Package | undefined) => pkg?.archive !== undefined;

/** Whether `pkg` takes its name from `best`: a higher version, or the kind that wins a tie. */
export function outranks(index: RegistryIndex, pkg: Package, best: Package | undefined): boolean {
  if (best === undefined) return true;
  const order = compareVersions(pkg.version, best.version);
  if (order !== 0) return order > 0;
  return index.archivesWin.has(pkg.name) && isLf(pkg) && !isLf(best);
}

function indexPackage(index: RegistryIndex, pkg: Package): void {
  index.packagesById.set(pkg.packageId, pkg);
  // A copy, so that the map's own undo gives the list of before back.
  const versions = [...(index.byName.get(pkg.name) ?? [])];
  const at = versions.findIndex((known) => known.packageId === pkg.packageId);
  if (at < 0) versions.push(pkg);
  else versions[at] = pkg;
  index.byName.set(pkg.name, versions);
  const latest = index.latestByName.get(pkg.name);
  const distinct = latest !== undefined && latest.packageId !== pkg.packageId;
  // Utility packages may share a name and version (Canton allows it), and so may a Daml-LF
  // package and one of the node's TypeScript packages imitating it: the first keeps the name.
  const mayShare = (pkg.utility && latest?.utility) || (pkg.archive ?? latest?.archive);
  if (distinct && latest.version === pkg.version && !mayShare) {
    throw new Error(`two different packages are both ${pkg.name} ${pkg.version}`);
  }
  if (outranks(index, pkg, latest)) index.latestByName.set(pkg.name, pkg);
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

/**
 * `undo`: the node's undo log, so that a revert takes an upload after a snapshot back (its
 * loaded definitions and resolved references with it).
 */
export function buildRegistryIndex(
  packages: readonly Package[],
  undo: UndoLog = createUndoLog(),
): RegistryIndex {
  const index: RegistryIndex = {
    byObject: undoableMap(undo),
    byId: undoableMap(undo),
    latestByName: undoableMap(undo),
    byName: undoableMap(undo),
    packagesById: undoableMap(undo),
    implementations: undoableMap(undo),
    resolved: undoableMap(undo),
    deferred: undoableMap(undo),
    archivesWin: undoableSet(undo),
  };
  for (const pkg of packages) indexPackage(index, pkg);
  for (const pkg of index.packagesById.values()) indexTemplates(index, pkg);
  return index;
}

/** Adds packages to a built index (a package upload); references are resolved afresh. */
export function addToIndex(index: RegistryIndex, packages: readonly Package[]): void {
  const fresh = packages.filter((pkg) => !index.packagesById.has(pkg.packageId));
  for (const pkg of fresh) indexPackage(index, pkg);
  for (const pkg of fresh) indexTemplates(index, pkg);
  // A newer version of a name changes what `#name:…` references mean.
  index.resolved.clear();
}

/** Daml-LF packages of these names win ties of versions from now on (see `archivesWin`). */
export function preferArchives(index: RegistryIndex, names: readonly string[]): void {
  for (const name of names) {
    index.archivesWin.add(name);
    let best: Package | undefined;
    for (const pkg of index.byName.get(name) ?? []) if (outranks(index, pkg, best)) best = pkg;
    if (best !== undefined) index.latestByName.set(name, best);
  }
  index.resolved.clear();
}

/** Adds a package whose definitions are loaded on first use (see `deferred`). */
export function addDeferred(index: RegistryIndex, placeholder: Package, deferred: DeferredPackage) {
  if (index.packagesById.has(placeholder.packageId)) return;
  indexPackage(index, placeholder);
  index.deferred.set(placeholder.packageId, deferred);
  index.resolved.clear();
}

/** Loads a deferred package's definitions into the index; nothing for any other package. */
export function loadDeferred(index: RegistryIndex, packageId: string): void {
  const deferred = index.deferred.get(packageId);
  if (deferred === undefined) return;
  index.deferred.delete(packageId);
  // An implemented interface must be indexed before the template implementing it.
  for (const dependency of deferred.dependencies) loadDeferred(index, dependency);
  const pkg = deferred.load();
  index.packagesById.delete(packageId);
  const latest = index.latestByName.get(pkg.name);
  if (latest?.packageId === packageId) index.latestByName.delete(pkg.name);
  addToIndex(index, [pkg]);
  if (latest !== undefined && latest.packageId !== packageId) {
    index.latestByName.set(pkg.name, latest);
  }
}

/**
 * Loads the deferred packages that could implement an interface of `packageId`: those that
 * refer to it (an implementation names the interface), not every package.
 */
export function loadDeferredDependents(index: RegistryIndex, packageId: string): void {
  for (const [id, deferred] of [...index.deferred]) {
    if (deferred.dependencies.includes(packageId)) loadDeferred(index, id);
  }
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
