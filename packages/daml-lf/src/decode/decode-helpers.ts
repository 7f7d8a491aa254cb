// The small readers every expression and update decoder uses, bound to one package's context.
import type { Binding, Expr, FieldWithExpr, VarWithType } from '../ast/expressions.ts';
import type { QualifiedName } from '../ast/names.ts';
import type { Type, TypeConApp, TypeVarWithKind } from '../ast/types.ts';
import type { Update } from '../ast/updates.ts';
import type {
  WireNameRef,
  WireSum,
  WireType,
  WireTypeVarWithKind,
} from '../protobuf/wire-types.ts';
import type { DecodeContext } from './decode-context.ts';
import { decodeType, decodeTypeVar } from './decode-types.ts';
import { corrupt } from './lf-decode-error.ts';

/** A decoded sub-message whose fields the decoder reads by the schema's names. */
export type Sub = { readonly [field: string]: unknown };

export type Readers = {
  readonly ctx: DecodeContext;
  readonly expr: (wire: unknown) => Expr;
  readonly optionalExpr: (wire: unknown) => Expr | undefined;
  readonly update: (wire: unknown) => Update;
  readonly type: (wire: unknown) => Type;
  readonly types: (wire: unknown) => Type[];
  readonly str: (index: unknown) => string;
  readonly name: (wire: unknown) => QualifiedName;
  readonly tyConApp: (wire: unknown) => TypeConApp;
  readonly varWithType: (wire: unknown) => VarWithType;
  readonly typeVars: (wire: unknown) => TypeVarWithKind[];
  readonly fieldsWithExpr: (wire: unknown) => FieldWithExpr[];
  readonly bindings: (wire: unknown) => Binding[];
};

export const list = (wire: unknown): readonly Sub[] => (wire ?? []) as readonly Sub[];

/** The member set in a message's `Sum` oneof. */
export function member(wire: WireSum, what: string): Sub {
  const set = wire.Sum === undefined ? undefined : wire[wire.Sum];
  if (set === undefined || set === null) return corrupt(`${what} has no form`);
  return set as Sub;
}

export function createReaders(
  ctx: DecodeContext,
  decodeExpr: (readers: Readers, wire: WireSum | null | undefined) => Expr,
  decodeUpdate: (readers: Readers, wire: WireSum | null | undefined) => Update,
): Readers {
  const type = (wire: unknown) => decodeType(ctx, wire as WireType | null);
  const readers: Readers = {
    ctx,
    expr: (wire) => decodeExpr(readers, wire as WireSum | null),
    optionalExpr: (wire) => (wire ? decodeExpr(readers, wire as WireSum) : undefined),
    update: (wire) => decodeUpdate(readers, wire as WireSum | null),
    type,
    types: (wire) => list(wire).map(type),
    str: (index) => ctx.str(index as number | undefined),
    name: (wire) => ctx.qualified(wire as WireNameRef | null),
    tyConApp: (wire) => {
      const app = (wire ?? corrupt('a type constructor is missing')) as Sub;
      return { tycon: ctx.qualified(app.tycon as WireNameRef), args: list(app.args).map(type) };
    },
    varWithType: (wire) => {
      const binder = (wire ?? corrupt('a binder is missing')) as Sub;
      return { name: ctx.str(binder.varInternedStr as number), type: type(binder.type) };
    },
    typeVars: (wire) => list(wire).map((v) => decodeTypeVar(ctx, v as WireTypeVarWithKind)),
    fieldsWithExpr: (wire) =>
      list(wire).map((f) => ({
        field: ctx.str(f.fieldInternedStr as number),
        expr: readers.expr(f.expr),
      })),
    bindings: (wire) =>
      list(wire).map((b) => ({
        binder: readers.varWithType(b.binder),
        bound: readers.expr(b.bound),
      })),
  };
  return readers;
}
