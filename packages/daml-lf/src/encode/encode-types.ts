// Kinds and types to their protobuf form (written inline, not interned).
import type { FieldWithType, Kind, Type, TypeVarWithKind } from '../ast/types.ts';
import { typeEnums } from '../protobuf/lf2-types.schema.ts';
import type { WireKind, WireType } from '../protobuf/wire-types.ts';
import type { EncodeContext } from './encode-context.ts';

const builtinTypeNumbers = typeEnums.BuiltinType?.values ?? {};

export function encodeKind(kind: Kind): WireKind {
  switch (kind.tag) {
    case 'star':
      return { star: {} };
    case 'nat':
      return { nat: {} };
    case 'arrow':
      return { arrow: { params: kind.params.map(encodeKind), result: encodeKind(kind.result) } };
  }
}

export const encodeTypeVar = (ctx: EncodeContext, v: TypeVarWithKind) => ({
  varInternedStr: ctx.str(v.name),
  kind: encodeKind(v.kind),
});

export const encodeFieldWithType = (ctx: EncodeContext, f: FieldWithType) => ({
  fieldInternedStr: ctx.str(f.field),
  type: encodeType(ctx, f.type),
});

/**
 * A type as a reference into the package's interned types, interning it (children first, so
 * an entry refers only to earlier ones) the first time this type object is met: decoded
 * packages share their interned types as objects, so they are written once again.
 */
export function encodeType(ctx: EncodeContext, type: Type): WireType {
  return { internedType: ctx.internType(type, () => encodeTypeBody(ctx, type)) };
}

function encodeTypeBody(ctx: EncodeContext, type: Type): WireType {
  const args = (list: readonly Type[]) => list.map((arg) => encodeType(ctx, arg));
  switch (type.tag) {
    case 'var':
      return { var: { varInternedStr: ctx.str(type.name), args: args(type.args) } };
    case 'con':
      return { con: { tycon: ctx.qualified(type.tycon), args: args(type.args) } };
    case 'syn':
      return { syn: { tysyn: ctx.qualified(type.tysyn), args: args(type.args) } };
    case 'builtin':
      return { builtin: { builtin: builtinTypeNumbers[type.builtin] ?? 0, args: args(type.args) } };
    case 'forall':
      return {
        forall: {
          vars: type.vars.map((v) => encodeTypeVar(ctx, v)),
          body: encodeType(ctx, type.body),
        },
      };
    case 'struct':
      return { struct: { fields: type.fields.map((f) => encodeFieldWithType(ctx, f)) } };
    case 'nat':
      return { nat: type.value };
    case 'tapp':
      return { tapp: { lhs: encodeType(ctx, type.lhs), rhs: encodeType(ctx, type.rhs) } };
  }
}
