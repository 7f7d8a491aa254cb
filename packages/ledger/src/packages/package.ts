import { createHash } from 'node:crypto';
import type { InterfaceDefinition, TemplateDefinition } from '../dsl/definitions.ts';
import { qualifiedName } from '../dsl/definitions.ts';
import type { PackageContents } from './canonical-definition.ts';
import { canonicalPackageText } from './canonical-definition.ts';

/** A package of templates and interfaces, identified like a DAR's main package. */
export type Package = PackageContents & {
  /** 64 hex characters: sha256 of the canonical serialisation of the definition. */
  readonly packageId: string;
  /**
   * A Daml-LF package's DALF (its `Archive` bytes, whose payload hashes to the id), served as
   * the package's contents; absent for a package written with the TypeScript DSL.
   */
  readonly archive?: Uint8Array;
  /**
   * True for a package that defines no templates and no interfaces (daml-prim, daml-stdlib's
   * type packages): several such packages may share a name and version, as Canton allows.
   */
  readonly utility?: boolean;
};

export type PackageSpec = {
  readonly name: string;
  readonly version: string;
  readonly templates?: readonly TemplateDefinition[];
  readonly interfaces?: readonly InterfaceDefinition[];
};

const packageNamePattern = /^[A-Za-z][A-Za-z0-9_-]*$/;
const versionPattern = /^\d+(\.\d+)*$/;

function checkNames(
  spec: PackageSpec,
  definitions: readonly (TemplateDefinition | InterfaceDefinition)[],
): void {
  if (!packageNamePattern.test(spec.name)) throw new Error(`invalid package name ${spec.name}`);
  if (!versionPattern.test(spec.version))
    throw new Error(`invalid package version ${spec.version}`);
  const seen = new Set<string>();
  for (const definition of definitions) {
    const name = qualifiedName(definition.id);
    if (definition.id.packageName !== spec.name) {
      throw new Error(`${name} belongs to package ${definition.id.packageName}, not ${spec.name}`);
    }
    if (seen.has(name)) throw new Error(`package ${spec.name} defines ${name} twice`);
    seen.add(name);
  }
}

/**
 * Bundles templates and interfaces into a package whose id is derived from its definition,
 * so the same code always gets the same id and a changed template gets a new one.
 */
export function definePackage(spec: PackageSpec): Package {
  const templates = spec.templates ?? [];
  const interfaces = spec.interfaces ?? [];
  checkNames(spec, [...templates, ...interfaces]);
  const contents: PackageContents = {
    name: spec.name,
    version: spec.version,
    templates,
    interfaces,
  };
  const packageId = createHash('sha256').update(canonicalPackageText(contents)).digest('hex');
  return { ...contents, packageId };
}

/** The bytes of a package (what `GET /v2/packages/{id}` serves): its DALF, or its canonical text. */
export function packageBytes(pkg: PackageContents & { readonly archive?: Uint8Array }): Uint8Array {
  return pkg.archive ?? new TextEncoder().encode(canonicalPackageText(pkg));
}
