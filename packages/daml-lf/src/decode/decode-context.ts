// The interning tables of one package and the resolution of its references to absolute names.
import type { Location, ModuleRef, PackageId, QualifiedName } from '../ast/names.ts';
import type { Type } from '../ast/types.ts';
import type {
  WireLocation,
  WireModuleId,
  WireNameRef,
  WirePackage,
} from '../protobuf/wire-types.ts';
import { corrupt } from './lf-decode-error.ts';

export type DecodeOptions = {
  /** Keep source locations on expressions and definitions (off by default: they cost memory). */
  readonly locations?: boolean;
};

export type DecodeContext = {
  readonly packageId: PackageId;
  readonly keepLocations: boolean;
  /** Other packages referenced so far. */
  readonly dependencies: Set<PackageId>;
  readonly strings: readonly string[];
  /** Interned types, filled in order (an interned type only refers to earlier ones). */
  readonly types: Type[];
  readonly str: (index: number | undefined) => string;
  readonly dottedName: (index: number | undefined) => string;
  readonly moduleRef: (wire: WireModuleId | null | undefined) => ModuleRef;
  readonly qualified: (wire: WireNameRef | null | undefined) => QualifiedName;
  /** A location; one without a module is in the module being decoded (see `enterModule`). */
  readonly location: (wire: WireLocation | null | undefined) => Location | undefined;
  readonly enterModule: (module: string) => void;
};

function packageIdResolver(wire: WirePackage, packageId: PackageId, dependencies: Set<string>) {
  const strings = wire.internedStrings ?? [];
  const imports = wire.packageImports?.importedPackages ?? [];
  return (ref: WireModuleId['packageId']): PackageId => {
    let id: string | undefined;
    if (!ref) return corrupt('a module reference has no package id');
    if (ref.Sum === 'selfPackageId') return packageId;
    if (ref.Sum === 'importedPackageIdInternedStr')
      id = strings[ref.importedPackageIdInternedStr ?? -1];
    else if (ref.Sum === 'packageImportId') id = imports[ref.packageImportId ?? -1];
    if (id === undefined) return corrupt('a package reference points outside the package tables');
    if (id !== packageId) dependencies.add(id);
    return id;
  };
}

export function createDecodeContext(
  wire: WirePackage,
  packageId: PackageId,
  options: DecodeOptions,
): DecodeContext {
  const strings = wire.internedStrings ?? [];
  const dependencies = new Set<PackageId>();
  const str = (index: number | undefined) =>
    strings[index ?? 0] ?? corrupt(`interned string ${index} out of range`);
  const dotted = (wire.internedDottedNames ?? []).map((name) =>
    (name.segmentsInternedStr ?? []).map(str).join('.'),
  );
  const dottedName = (index: number | undefined) =>
    dotted[index ?? 0] ?? corrupt(`interned dotted name ${index} out of range`);
  const resolvePackage = packageIdResolver(wire, packageId, dependencies);
  const moduleRef = (ref: WireModuleId | null | undefined): ModuleRef =>
    ref
      ? {
          packageId: resolvePackage(ref.packageId),
          module: dottedName(ref.moduleNameInternedDname),
        }
      : corrupt('a reference has no module');
  const qualified = (ref: WireNameRef | null | undefined): QualifiedName => {
    if (!ref) return corrupt('a reference has no name');
    const { packageId: refPackage, module } = moduleRef(ref.module);
    return { packageId: refPackage, module, name: dottedName(ref.nameInternedDname) };
  };
  let currentModule = '';
  const location = (loc: WireLocation | null | undefined) => {
    if (!options.locations || !loc?.range) return undefined;
    const { startLine = 0, startCol = 0, endLine = 0, endCol = 0 } = loc.range;
    const where = loc.module ? moduleRef(loc.module) : { packageId, module: currentModule };
    return { module: where, startLine, startCol, endLine, endCol };
  };
  return {
    packageId,
    keepLocations: options.locations === true,
    dependencies,
    strings,
    types: [],
    str,
    dottedName,
    moduleRef,
    qualified,
    location,
    enterModule: (module) => {
      currentModule = module;
    },
  };
}
