import type { BuiltinFunction } from '../src/ast/builtins.ts';
import type { CaseAlt, Expr } from '../src/ast/expressions.ts';
import type { TypeConName } from '../src/ast/names.ts';
import type { Type } from '../src/ast/types.ts';
import type {
  DefDataType,
  DefTemplate,
  DefValue,
  LfPackageSet,
  Module,
  Package,
} from '../src/ast.ts';
import { selfPackageId } from '../src/encode/lf-builder.ts';

/** Hand-built LF for tests: expressions, and a one-module package around definitions. */
// The builder's own-package id: hand-built packages may also be encoded and decoded (buildPackage).
export const testPackageId = selfPackageId;
export const testModule = 'Test';

export const tc = (name: string): TypeConName => ({
  packageId: testPackageId,
  module: testModule,
  name,
});
export const int64Type: Type = { tag: 'builtin', builtin: 'INT64', args: [] };
export const textType: Type = { tag: 'builtin', builtin: 'TEXT', args: [] };
export const v = (name: string): Expr => ({ tag: 'var', name });
export const int = (value: number | bigint): Expr => ({
  tag: 'builtinLit',
  lit: { tag: 'int64', value: BigInt(value) },
});
export const text = (value: string): Expr => ({ tag: 'builtinLit', lit: { tag: 'text', value } });
export const num = (value: string): Expr => ({ tag: 'builtinLit', lit: { tag: 'numeric', value } });
export const bool = (value: boolean): Expr => ({
  tag: 'builtinCon',
  con: value ? 'CON_TRUE' : 'CON_FALSE',
});
export const builtin = (name: BuiltinFunction): Expr => ({ tag: 'builtin', builtin: name });
export const app = (fun: Expr, ...args: Expr[]): Expr => ({ tag: 'app', fun, args });
export const call = (name: BuiltinFunction, ...args: Expr[]): Expr => app(builtin(name), ...args);
export const lam = (params: string[], body: Expr): Expr => ({
  tag: 'abs',
  params: params.map((name) => ({ name, type: int64Type })),
  body,
});
export const letIn = (bindings: [string, Expr][], body: Expr): Expr => ({
  tag: 'let',
  bindings: bindings.map(([name, bound]) => ({ binder: { name, type: int64Type }, bound })),
  body,
});
export const caseOf = (scrut: Expr, alts: CaseAlt[]): Expr => ({ tag: 'case', scrut, alts });
export const val = (name: string): Expr => ({ tag: 'val', value: tc(name) });
export const list = (...items: Expr[]): Expr =>
  items.length === 0
    ? { tag: 'nil', type: int64Type }
    : { tag: 'cons', type: int64Type, front: items, tail: { tag: 'nil', type: int64Type } };
export const some = (value: Expr): Expr => ({ tag: 'optionalSome', type: int64Type, value });
export const none: Expr = { tag: 'optionalNone', type: int64Type };
export const rec = (name: string, fields: [string, Expr][]): Expr => ({
  tag: 'recCon',
  tycon: { tycon: tc(name), args: [] },
  fields: fields.map(([field, expr]) => ({ field, expr })),
});
export const proj = (name: string, field: string, record: Expr): Expr => ({
  tag: 'recProj',
  tycon: { tycon: tc(name), args: [] },
  field,
  record,
});
export const pure = (expr: Expr): Expr => ({
  tag: 'update',
  update: { tag: 'pure', type: int64Type, expr },
});
export const conType = (name: string): Type => ({ tag: 'con', tycon: tc(name), args: [] });

export type TestDefinitions = {
  readonly dataTypes?: readonly DefDataType[];
  readonly values?: readonly { name: string; expr: Expr }[];
  readonly templates?: readonly DefTemplate[];
  readonly interfaces?: Module['interfaces'];
  readonly exceptions?: Module['exceptions'];
};

export function record(name: string, fields: [string, Type][]): DefDataType {
  return {
    tag: 'record',
    name,
    params: [],
    serializable: true,
    fields: fields.map(([field, type]) => ({ field, type })),
  };
}

export function variant(name: string, cases: [string, Type][]): DefDataType {
  return {
    tag: 'variant',
    name,
    params: [],
    serializable: true,
    variants: cases.map(([field, type]) => ({ field, type })),
  };
}

export function enumType(name: string, constructors: string[]): DefDataType {
  return { tag: 'enum', name, params: [], serializable: true, constructors };
}

export function testPackages(definitions: TestDefinitions = {}): LfPackageSet {
  const values = new Map<string, DefValue>(
    (definitions.values ?? []).map(({ name, expr }) => [name, { name, type: int64Type, expr }]),
  );
  const module: Module = {
    name: testModule,
    flags: {
      forbidPartyLiterals: true,
      dontDivulgeContractIdsInCreateArguments: true,
      dontDiscloseNonConsumingChoicesToObservers: true,
    },
    synonyms: new Map(),
    dataTypes: new Map(
      (definitions.dataTypes ?? []).map((definition) => [definition.name, definition]),
    ),
    values,
    templates: new Map(
      (definitions.templates ?? []).map((definition) => [definition.name, definition]),
    ),
    exceptions: definitions.exceptions ?? new Map(),
    interfaces: definitions.interfaces ?? new Map(),
  };
  const pkg: Package = {
    packageId: testPackageId,
    languageVersion: { major: 2, minor: '1' },
    metadata: { name: 'test', version: '1.0.0' },
    modules: new Map([[testModule, module]]),
    directDependencies: [],
  };
  return new Map([[testPackageId, pkg]]);
}
