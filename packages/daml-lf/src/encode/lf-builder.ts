// Terse constructors of LF types and expressions for hand-built packages (tests, examples).
import type { BuiltinFunction } from '../ast/builtins.ts';
import type { CaseAlt, Expr, FieldWithExpr } from '../ast/expressions.ts';
import type { QualifiedName } from '../ast/names.ts';
import type { BuiltinType, Type } from '../ast/types.ts';
import type { Update } from '../ast/updates.ts';

/** The id a hand-built package uses for itself until its real id (its payload's hash) is known. */
export const selfPackageId = 'self';

const builtinType =
  (builtin: BuiltinType) =>
  (...args: Type[]): Type => ({ tag: 'builtin', builtin, args });

export const lfTypes = {
  unit: builtinType('UNIT')(),
  bool: builtinType('BOOL')(),
  int64: builtinType('INT64')(),
  text: builtinType('TEXT')(),
  party: builtinType('PARTY')(),
  date: builtinType('DATE')(),
  timestamp: builtinType('TIMESTAMP')(),
  numeric: (scale: number) => builtinType('NUMERIC')({ tag: 'nat', value: scale }),
  list: builtinType('LIST'),
  optional: builtinType('OPTIONAL'),
  textMap: builtinType('TEXTMAP'),
  genMap: builtinType('GENMAP'),
  contractId: builtinType('CONTRACT_ID'),
  update: builtinType('UPDATE'),
  arrow: (from: Type, to: Type) => builtinType('ARROW')(from, to),
  variable: (name: string, ...args: Type[]): Type => ({ tag: 'var', name, args }),
  con: (tycon: QualifiedName, ...args: Type[]): Type => ({ tag: 'con', tycon, args }),
};

/** A definition of the package being built (`self`), or of another package by its id. */
export const lfName = (module: string, name: string, packageId = selfPackageId): QualifiedName => ({
  packageId,
  module,
  name,
});

export const lfExprs = {
  variable: (name: string): Expr => ({ tag: 'var', name }),
  value: (name: QualifiedName): Expr => ({ tag: 'val', value: name }),
  builtin: (builtin: BuiltinFunction): Expr => ({ tag: 'builtin', builtin }),
  unit: { tag: 'builtinCon', con: 'CON_UNIT' } as Expr,
  bool: (value: boolean): Expr => ({ tag: 'builtinCon', con: value ? 'CON_TRUE' : 'CON_FALSE' }),
  int64: (value: bigint): Expr => ({ tag: 'builtinLit', lit: { tag: 'int64', value } }),
  text: (value: string): Expr => ({ tag: 'builtinLit', lit: { tag: 'text', value } }),
  numeric: (value: string): Expr => ({ tag: 'builtinLit', lit: { tag: 'numeric', value } }),
  app: (fun: Expr, ...args: Expr[]): Expr => ({ tag: 'app', fun, args }),
  tyApp: (expr: Expr, ...types: Type[]): Expr => ({ tag: 'tyApp', expr, types }),
  lambda: (params: ReadonlyArray<readonly [string, Type]>, body: Expr): Expr => ({
    tag: 'abs',
    params: params.map(([name, type]) => ({ name, type })),
    body,
  }),
  record: (tycon: QualifiedName, fields: Record<string, Expr>, args: Type[] = []): Expr => ({
    tag: 'recCon',
    tycon: { tycon, args },
    fields: Object.entries(fields).map(([field, expr]): FieldWithExpr => ({ field, expr })),
  }),
  field: (tycon: QualifiedName, field: string, record: Expr, args: Type[] = []): Expr => ({
    tag: 'recProj',
    tycon: { tycon, args },
    field,
    record,
  }),
  list: (type: Type, items: Expr[]): Expr =>
    items.length === 0
      ? { tag: 'nil', type }
      : { tag: 'cons', type, front: items, tail: { tag: 'nil', type } },
  none: (type: Type): Expr => ({ tag: 'optionalNone', type }),
  some: (type: Type, value: Expr): Expr => ({ tag: 'optionalSome', type, value }),
  caseOf: (scrut: Expr, alts: CaseAlt[]): Expr => ({ tag: 'case', scrut, alts }),
  update: (update: Update): Expr => ({ tag: 'update', update }),
  pure: (type: Type, expr: Expr): Expr => ({ tag: 'update', update: { tag: 'pure', type, expr } }),
};
