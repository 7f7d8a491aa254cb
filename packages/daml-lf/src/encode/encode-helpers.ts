// The small writers every expression and update encoder uses, bound to one package's context.

import type { BuiltinLit } from '../ast/builtins.ts';
import { failureCategories, roundingModes } from '../ast/builtins.ts';
import type { Binding, Expr, FieldWithExpr, VarWithType } from '../ast/expressions.ts';
import type { QualifiedName } from '../ast/names.ts';
import type { Type, TypeConApp, TypeVarWithKind } from '../ast/types.ts';
import type { Update } from '../ast/updates.ts';
import type { WireBuiltinLit, WireNameRef, WireSum, WireType } from '../protobuf/wire-types.ts';
import type { EncodeContext } from './encode-context.ts';
import { encodeType, encodeTypeVar } from './encode-types.ts';

export type Writers = {
  readonly ctx: EncodeContext;
  readonly expr: (expr: Expr) => WireSum;
  readonly update: (update: Update) => WireSum;
  readonly type: (type: Type) => WireType;
  readonly name: (name: QualifiedName) => WireNameRef;
  readonly tyConApp: (app: TypeConApp) => object;
  readonly varWithType: (binder: VarWithType) => object;
  readonly typeVars: (vars: readonly TypeVarWithKind[]) => object[];
  readonly fieldsWithExpr: (fields: readonly FieldWithExpr[]) => object[];
  readonly bindings: (bindings: readonly Binding[]) => object[];
};

export function createWriters(
  ctx: EncodeContext,
  encodeExpr: (writers: Writers, expr: Expr) => WireSum,
  encodeUpdate: (writers: Writers, update: Update) => WireSum,
): Writers {
  const type = (t: Type) => encodeType(ctx, t);
  const writers: Writers = {
    ctx,
    expr: (expr) => encodeExpr(writers, expr),
    update: (update) => encodeUpdate(writers, update),
    type,
    name: ctx.qualified,
    tyConApp: (app) => ({ tycon: ctx.qualified(app.tycon), args: app.args.map(type) }),
    varWithType: (binder) => ({ varInternedStr: ctx.str(binder.name), type: type(binder.type) }),
    typeVars: (vars) => vars.map((v) => encodeTypeVar(ctx, v)),
    fieldsWithExpr: (fields) =>
      fields.map((f) => ({ fieldInternedStr: ctx.str(f.field), expr: writers.expr(f.expr) })),
    bindings: (bindings) =>
      bindings.map((b) => ({
        binder: writers.varWithType(b.binder),
        bound: writers.expr(b.bound),
      })),
  };
  return writers;
}

export function encodeBuiltinLit(ctx: EncodeContext, lit: BuiltinLit): WireBuiltinLit {
  switch (lit.tag) {
    case 'int64':
      return { int64: lit.value.toString() };
    case 'timestamp':
      return { timestamp: lit.value.toString() };
    case 'numeric':
      return { numericInternedStr: ctx.str(lit.value) };
    case 'text':
      return { textInternedStr: ctx.str(lit.value) };
    case 'date':
      return { date: lit.value };
    case 'failureCategory':
      return { failureCategory: failureCategories.indexOf(lit.value) };
    case 'roundingMode':
      return { roundingMode: roundingModes.indexOf(lit.value) };
  }
}
