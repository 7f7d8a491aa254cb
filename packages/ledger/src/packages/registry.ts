import type { InterfaceDefinition, TemplateDefinition } from '../dsl/definitions.ts';
import { DomainError } from '../errors.ts';
import type { InterfaceView, TemplateIdString } from '../transaction.ts';
import type { UndoLog } from '../undo/undo-log.ts';
import type { RecordValue } from '../value.ts';
import { upgradeValue } from '../values/upgrade-value.ts';
import type { Package } from './package.ts';
import { packageBytes } from './package.ts';
import { type PackageSelection, resolveReference, selectByName } from './package-selection.ts';
import type { DeferredPackage, RegistryIndex } from './registry-index.ts';
import {
  addDeferred,
  addToIndex,
  buildRegistryIndex,
  loadDeferred,
  loadDeferredDependents,
  preferArchives,
  templatesNotFound,
} from './registry-index.ts';
import type { ResolvedEntity, ResolvedInterface, ResolvedTemplate } from './resolved-entity.ts';
import { computeView } from './views.ts';

export type PackageSummary = {
  readonly packageId: string;
  readonly name: string;
  readonly version: string;
};

export type PackageRegistry = {
  /**
   * Resolves `#packageName:Module:Entity` (the version `selection` picks: by default the latest
   * of the name) or `packageId:Module:Entity`.
   */
  resolve(reference: string, selection?: PackageSelection): ResolvedEntity;
  /** Like `resolve`, but the reference must name a template (INVALID_ARGUMENT for an interface). */
  resolveTemplate(reference: string, selection?: PackageSelection): ResolvedTemplate;
  resolveInterface(reference: string, selection?: PackageSelection): ResolvedInterface;
  /** The version of a package name a `#name:…` reference would use, if any may be. */
  selectPackage(name: string, selection?: PackageSelection): PackageSummary | undefined;
  /** A definition given by object, as template bodies do. */
  resolveDefinition(definition: TemplateDefinition | InterfaceDefinition): ResolvedEntity;
  /** The template of a stored contract, by its package-id form template id. */
  templateById(templateId: TemplateIdString): ResolvedTemplate | undefined;
  packages(): readonly PackageSummary[];
  packageById(packageId: string): Package | undefined;
  packageBytes(packageId: string): Uint8Array | undefined;
  /** Templates (package-id form) implementing an interface given in any reference form. */
  implementationsOf(interfaceReference: string): readonly TemplateIdString[];
  /**
   * The view of a contract through an interface (DAML_INTERPRETATION_ERROR if not
   * implemented), computed by the version of its template `selection` picks for its name.
   */
  interfaceView(
    contract: { readonly templateId: TemplateIdString; readonly createArgument: RecordValue },
    interfaceReference: string,
    selection?: PackageSelection,
  ): InterfaceView;
  /** Adds packages while the node runs (an upload, or its replay); known ids are skipped. */
  register(packages: readonly Package[]): void;
  /**
   * Adds a package known by its summary (and archive) now, whose templates and interfaces
   * `deferred.load` gives the first time one of them is needed (its dependencies loaded first).
   */
  registerDeferred(placeholder: Package, deferred: DeferredPackage): void;
  /**
   * From now on, a Daml-LF package of one of these names wins a tie of versions with one of
   * the node's TypeScript packages (chosen once at start: `--splice-dars`, issue 21).
   */
  preferArchives(names: readonly string[]): void;
};

function kindMismatch(reference: string, expected: string): DomainError {
  return new DomainError('INVALID_ARGUMENT', `${reference} is not a ${expected}`, {
    details: { templateId: reference },
  });
}

function lookups(index: RegistryIndex) {
  const resolveTemplate = (reference: string, selection?: PackageSelection): ResolvedTemplate => {
    const entry = resolveReference(index, reference, selection);
    if (entry.kind !== 'template') throw kindMismatch(reference, 'template');
    return entry;
  };
  const resolveInterface = (reference: string, selection?: PackageSelection): ResolvedInterface => {
    const entry = resolveReference(index, reference, selection);
    if (entry.kind !== 'interface') throw kindMismatch(reference, 'interface');
    return entry;
  };
  const templateById = (templateId: TemplateIdString): ResolvedTemplate | undefined => {
    if (index.deferred.size > 0) loadDeferred(index, templateId.slice(0, templateId.indexOf(':')));
    const entry = index.byId.get(templateId);
    return entry?.kind === 'template' ? entry : undefined;
  };
  return { resolveTemplate, resolveInterface, templateById };
}

/** An index of the loaded packages that resolves template and interface references. */
export function createPackageRegistry(
  packages: readonly Package[],
  undo?: UndoLog,
): PackageRegistry {
  const index = buildRegistryIndex(packages, undo);
  const { resolveTemplate, resolveInterface, templateById } = lookups(index);
  return {
    resolve: (reference, selection) => resolveReference(index, reference, selection),
    selectPackage(name, selection) {
      const pkg = selectByName(index, name, selection);
      return pkg && { packageId: pkg.packageId, name: pkg.name, version: pkg.version };
    },
    resolveTemplate,
    resolveInterface,
    resolveDefinition(definition) {
      const entry = index.byObject.get(definition);
      if (entry === undefined)
        throw templatesNotFound(
          `#${definition.id.packageName}:${definition.id.module}:${definition.id.entity}`,
        );
      return entry;
    },
    templateById,
    packages: () =>
      [...index.packagesById.values()].map(({ packageId, name, version }) => ({
        packageId,
        name,
        version,
      })),
    packageById: (packageId) => index.packagesById.get(packageId),
    packageBytes(packageId) {
      const pkg = index.packagesById.get(packageId);
      return pkg === undefined ? undefined : packageBytes(pkg);
    },
    implementationsOf: (reference) => {
      const target = resolveInterface(reference);
      if (index.deferred.size > 0) loadDeferredDependents(index, target.packageId);
      return index.implementations.get(target.interfaceId) ?? [];
    },
    interfaceView(contract, reference, selection) {
      const target = resolveInterface(reference);
      const own = templateById(contract.templateId);
      if (own === undefined) throw templatesNotFound(contract.templateId);
      // As Canton, the view of the selected (newest vetted) version of the contract's template
      // (among packages written as its own), on the contract upgraded to it.
      const newest = selectByName(index, own.packageName, { ...selection, like: own.packageId });
      const upgraded =
        newest === undefined || newest.packageId === own.packageId
          ? undefined
          : templateById(
              `${newest.packageId}:${contract.templateId.slice(own.packageId.length + 1)}`,
            );
      const template = upgraded ?? own;
      const payload = upgraded
        ? upgradeValue(upgraded.definition.payloadType, contract.createArgument)
        : contract.createArgument;
      return {
        interfaceId: target.interfaceId,
        viewValue: computeView(template, target, payload),
        implementationPackageId: template.packageId,
      };
    },
    register: (added) => addToIndex(index, added),
    registerDeferred: (placeholder, deferred) => addDeferred(index, placeholder, deferred),
    preferArchives: (names) => preferArchives(index, names),
  };
}
