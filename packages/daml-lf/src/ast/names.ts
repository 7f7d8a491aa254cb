// The resolved Daml-LF 2 package model: what a DALF says once decoded, with every interning table
// (strings, dotted names, types) resolved and every package reference made absolute (`self` and the
// import tables become real package ids). Plain data: no classes, no methods; every union is
// discriminated on `tag`, and the enum-like names are spelled as the LF protobuf enums spell them.
// Dotted names (modules, type constructors, values) are their segments joined with '.'; an LF name
// segment never contains a dot, so the joined form is unambiguous and is what the Ledger API shows.

export type PackageId = string;

/** A definition's absolute name: `packageId:Module.Name:Entity.Name` in the Ledger API's spelling. */
export interface QualifiedName {
  readonly packageId: PackageId;
  readonly module: string;
  readonly name: string;
}
export type TypeConName = QualifiedName;
export type TypeSynName = QualifiedName;
export type ValueName = QualifiedName;

export interface ModuleRef {
  readonly packageId: PackageId;
  readonly module: string;
}

/** Source position; only present when the decoder is asked to keep locations. */
export interface Location {
  readonly module: ModuleRef;
  readonly startLine: number;
  readonly startCol: number;
  readonly endLine: number;
  readonly endCol: number;
}

/** `packageId:Module:Name`, the Ledger API's identifier for a definition. */
export function qualifiedNameKey(name: QualifiedName): string {
  return `${name.packageId}:${name.module}:${name.name}`;
}
