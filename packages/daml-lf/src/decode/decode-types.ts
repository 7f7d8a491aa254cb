// Kinds and types from their protobuf form, interned types resolved.

import type { FieldWithType, Kind, Type, TypeVarWithKind } from '../ast/types.ts';
import { builtinTypes } from '../ast/types.ts';
import { typeEnums } from '../protobuf/lf2-types.schema.ts';
import type {
  WireFieldWithType,
  WireKind,
  WireType,
  WireTypeVarWithKind,
} from '../protobuf/wire-types.ts';
import type { DecodeContext } from './decode-context.ts';
import { corrupt } from './lf-decode-error.ts';

const builtinTypeByNumber = new Map(
  Object.entries(typeEnums.BuiltinType?.values ?? {}).map(([name, number]) => [number, name]),
);
const STAR: Kind = { tag: 'star' };
const NAT: Kind = { tag: 'nat' };

export function decodeKind(wire: WireKind | null | undefined): Kind {
  switch (wire?.Sum) {
    case 'star':
      return STAR;
    case 'nat':
      return NAT;
    case 'arrow':
      return {
        tag: 'arrow',
        params: (wire.arrow?.params ?? []).map(decodeKind),
        result: decodeKind(wire.arrow?.result),
      };
    default:
      return corrupt(`unsupported kind ${wire?.Sum}`);
  }
}

export function decodeTypeVar(ctx: DecodeContext, wire: WireTypeVarWithKind): TypeVarWithKind {
  return { name: ctx.str(wire.varInternedStr), kind: decodeKind(wire.kind) };
}

export function decodeFieldWithType(ctx: DecodeContext, wire: WireFieldWithType): FieldWithType {
  return { field: ctx.str(wire.fieldInternedStr), type: decodeType(ctx, wire.type) };
}

function builtinTypeName(number: number | undefined) {
  const name = builtinTypeByNumber.get(number ?? 0);
  const known = builtinTypes.find((candidate) => candidate === name);
  return known ?? corrupt(`unknown builtin type ${number}`);
}

export function decodeType(ctx: DecodeContext, wire: WireType | null | undefined): Type {
  if (!wire) return corrupt('a type is missing');
  const args = (list: WireType[] | undefined) => (list ?? []).map((arg) => decodeType(ctx, arg));
  switch (wire.Sum) {
    case 'internedType':
      return ctx.types[wire.internedType ?? 0] ?? corrupt(`interned type ${wire.internedType}`);
    case 'var':
      return { tag: 'var', name: ctx.str(wire.var?.varInternedStr), args: args(wire.var?.args) };
    case 'con':
      return { tag: 'con', tycon: ctx.qualified(wire.con?.tycon), args: args(wire.con?.args) };
    case 'syn':
      return { tag: 'syn', tysyn: ctx.qualified(wire.syn?.tysyn), args: args(wire.syn?.args) };
    case 'builtin':
      return {
        tag: 'builtin',
        builtin: builtinTypeName(wire.builtin?.builtin),
        args: args(wire.builtin?.args),
      };
    case 'forall':
      return {
        tag: 'forall',
        vars: (wire.forall?.vars ?? []).map((v) => decodeTypeVar(ctx, v)),
        body: decodeType(ctx, wire.forall?.body),
      };
    case 'struct':
      return {
        tag: 'struct',
        fields: (wire.struct?.fields ?? []).map((f) => decodeFieldWithType(ctx, f)),
      };
    case 'nat':
      return { tag: 'nat', value: Number(String(wire.nat)) };
    case 'tapp':
      return {
        tag: 'tapp',
        lhs: decodeType(ctx, wire.tapp?.lhs),
        rhs: decodeType(ctx, wire.tapp?.rhs),
      };
    default:
      return corrupt(`unsupported type form ${wire.Sum}`);
  }
}

/** Resolves the package's interned types in order; each may refer only to earlier ones. */
export function decodeInternedTypes(ctx: DecodeContext, wire: readonly WireType[]): void {
  for (const type of wire) ctx.types.push(decodeType(ctx, type));
}
