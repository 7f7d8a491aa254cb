// The interning tables an encoded package carries, filled as the encoder meets names.
import type { ModuleRef, PackageId, QualifiedName } from '../ast/names.ts';
import type { Type } from '../ast/types.ts';
import type { WireModuleId, WireNameRef, WireType } from '../protobuf/wire-types.ts';

export type EncodeContext = {
  /** The package being encoded: references to it are written as `self`. */
  readonly packageId: PackageId;
  readonly str: (text: string) => number;
  readonly dottedName: (name: string) => number;
  readonly moduleRef: (ref: ModuleRef) => WireModuleId;
  readonly qualified: (name: QualifiedName) => WireNameRef;
  /** The interned type index of `type`, encoding it with `encode` when it is new. */
  readonly internType: (type: Type, encode: () => WireType) => number;
  readonly tables: () => {
    internedStrings: string[];
    internedDottedNames: object[];
    internedTypes: WireType[];
  };
};

export function createEncodeContext(packageId: PackageId): EncodeContext {
  const strings = new Map<string, number>();
  const dotted = new Map<string, number>();
  const dottedSegments: number[][] = [];
  const typeIndex = new Map<Type, number>();
  const types: WireType[] = [];
  const internType = (type: Type, encode: () => WireType) => {
    let index = typeIndex.get(type);
    if (index === undefined) {
      const wire = encode();
      index = types.length;
      types.push(wire);
      typeIndex.set(type, index);
    }
    return index;
  };
  const str = (text: string) => {
    let index = strings.get(text);
    if (index === undefined) {
      index = strings.size;
      strings.set(text, index);
    }
    return index;
  };
  const dottedName = (name: string) => {
    let index = dotted.get(name);
    if (index === undefined) {
      index = dottedSegments.length;
      dottedSegments.push(name.split('.').map(str));
      dotted.set(name, index);
    }
    return index;
  };
  const moduleRef = (ref: ModuleRef): WireModuleId => ({
    packageId:
      ref.packageId === packageId
        ? { selfPackageId: {} }
        : { importedPackageIdInternedStr: str(ref.packageId) },
    moduleNameInternedDname: dottedName(ref.module),
  });
  return {
    packageId,
    str,
    dottedName,
    moduleRef,
    qualified: (name) => ({ module: moduleRef(name), nameInternedDname: dottedName(name.name) }),
    internType,
    tables: () => ({
      internedTypes: types,
      internedStrings: [...strings.keys()],
      internedDottedNames: dottedSegments.map((segmentsInternedStr) => ({ segmentsInternedStr })),
    }),
  };
}
