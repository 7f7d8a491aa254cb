// The resolved Daml-LF 2 package model: what a DALF says once decoded, with every interning table
// (strings, dotted names, types) resolved and every package reference made absolute (`self` and the
// import tables become real package ids). Plain data: no classes, no methods; every union is
// discriminated on `tag`, and the enum-like names are spelled as the LF protobuf enums spell them.
// Dotted names (modules, type constructors, values) are their segments joined with '.'; an LF name
// segment never contains a dot, so the joined form is unambiguous and is what the Ledger API shows.
//
// The model is split by meaning: ast/names.ts, ast/types.ts, ast/builtins.ts, ast/expressions.ts,
// ast/updates.ts; this file holds the definitions, modules and packages.
import type { Expr, VarWithType } from './ast/expressions.ts';
import type { Location, PackageId, TypeConName } from './ast/names.ts';
import type { FieldWithType, Type, TypeVarWithKind } from './ast/types.ts';

interface DataTypeBase {
  readonly name: string;
  readonly params: readonly TypeVarWithKind[];
  readonly serializable: boolean;
  readonly loc?: Location;
}

/** Records and variants without fields/constructors are allowed; `interface` marks an interface's type. */
export type DefDataType = DataTypeBase &
  (
    | { readonly tag: 'record'; readonly fields: readonly FieldWithType[] }
    | { readonly tag: 'variant'; readonly variants: readonly FieldWithType[] }
    | { readonly tag: 'enum'; readonly constructors: readonly string[] }
    | { readonly tag: 'interface' }
  );

export interface DefTypeSyn {
  readonly name: string;
  readonly params: readonly TypeVarWithKind[];
  readonly type: Type;
  readonly loc?: Location;
}

export interface DefValue {
  readonly name: string;
  readonly type: Type;
  readonly expr: Expr;
  readonly loc?: Location;
}

export interface DefException {
  readonly name: string;
  /** A function from the exception's record to its message text. */
  readonly message: Expr;
  readonly loc?: Location;
}

/**
 * A choice of a template or interface. `controllers`, `observers` and `authorizers` are expressions
 * over the contract binder (the template's/interface's `param`) and `argBinder`; `update` also sees
 * `selfBinder` (the contract id).
 */
export interface TemplateChoice {
  readonly name: string;
  readonly consuming: boolean;
  readonly controllers: Expr;
  /** Absent when the choice has no choice observers. */
  readonly observers?: Expr;
  /** Absent unless the choice names explicit authorizers (LF 2.dev). */
  readonly authorizers?: Expr;
  readonly selfBinder: string;
  readonly argBinder: VarWithType;
  readonly returnType: Type;
  readonly update: Expr;
  readonly loc?: Location;
}

export interface TemplateKey {
  readonly type: Type;
  /** The key, an expression over the template's `param`. */
  readonly keyExpr: Expr;
  /** A function from the key type to `[Party]`. */
  readonly maintainers: Expr;
}

/** An interface instance of a template: the interface's methods and view, over the template's `param`. */
export interface TemplateImplements {
  readonly interface: TypeConName;
  readonly methods: ReadonlyMap<string, Expr>;
  readonly view: Expr;
  readonly loc?: Location;
}

export interface DefTemplate {
  readonly name: string;
  /** The variable the contract's payload is bound to in the expressions below. */
  readonly param: string;
  readonly precond: Expr;
  readonly signatories: Expr;
  readonly observers: Expr;
  readonly choices: ReadonlyMap<string, TemplateChoice>;
  readonly key?: TemplateKey;
  /** Keyed by the interface's `packageId:Module:Name`. */
  readonly implements: ReadonlyMap<string, TemplateImplements>;
  readonly loc?: Location;
}

export interface InterfaceMethod {
  readonly name: string;
  readonly type: Type;
  readonly loc?: Location;
}

/**
 * An interface. LF 2 has no interface-side (`coImplements`) instances: every instance lives in the
 * implementing template's `implements`.
 */
export interface DefInterface {
  readonly name: string;
  readonly param: string;
  readonly methods: ReadonlyMap<string, InterfaceMethod>;
  readonly choices: ReadonlyMap<string, TemplateChoice>;
  readonly view: Type;
  readonly requires: readonly TypeConName[];
  readonly loc?: Location;
}

export interface FeatureFlags {
  readonly forbidPartyLiterals: boolean;
  readonly dontDivulgeContractIdsInCreateArguments: boolean;
  readonly dontDiscloseNonConsumingChoicesToObservers: boolean;
}

/** Every definition keyed by its (dotted) name, in the order the package lists them. */
export interface Module {
  readonly name: string;
  readonly flags: FeatureFlags;
  readonly synonyms: ReadonlyMap<string, DefTypeSyn>;
  readonly dataTypes: ReadonlyMap<string, DefDataType>;
  readonly values: ReadonlyMap<string, DefValue>;
  readonly templates: ReadonlyMap<string, DefTemplate>;
  readonly exceptions: ReadonlyMap<string, DefException>;
  readonly interfaces: ReadonlyMap<string, DefInterface>;
}

export interface PackageMetadata {
  readonly name: string;
  readonly version: string;
  readonly upgradedPackageId?: PackageId;
}

export interface LanguageVersion {
  readonly major: 2;
  /** '1' for Daml-LF 2.1, the only minor this node runs. */
  readonly minor: string;
}

export interface Package {
  readonly packageId: PackageId;
  readonly languageVersion: LanguageVersion;
  readonly metadata: PackageMetadata;
  readonly modules: ReadonlyMap<string, Module>;
  /** Every other package this one references, sorted: its direct dependencies. */
  readonly directDependencies: readonly PackageId[];
}

export type LfPackageSet = ReadonlyMap<PackageId, Package>;
