// Daml-LF kinds and types, resolved (see ../ast.ts).
import type { TypeConName, TypeSynName } from './names.ts';

export type Kind =
  | { readonly tag: 'star' }
  | { readonly tag: 'nat' }
  | { readonly tag: 'arrow'; readonly params: readonly Kind[]; readonly result: Kind };

export const builtinTypes = [
  'UNIT',
  'BOOL',
  'INT64',
  'DATE',
  'TIMESTAMP',
  'NUMERIC',
  'PARTY',
  'TEXT',
  'CONTRACT_ID',
  'OPTIONAL',
  'LIST',
  'GENMAP',
  'ANY',
  'ANY_EXCEPTION',
  'TYPE_REP',
  'ARROW',
  'UPDATE',
  'FAILURE_CATEGORY',
  'TEXTMAP',
  'BIGNUMERIC',
  'ROUNDING_MODE',
] as const;
export type BuiltinType = (typeof builtinTypes)[number];

export interface TypeVarWithKind {
  readonly name: string;
  readonly kind: Kind;
}

export interface FieldWithType {
  readonly field: string;
  readonly type: Type;
}

/**
 * `var`, `con`, `syn` and `builtin` carry the arguments they are applied to (possibly none), as the
 * protobuf does; `tapp` is the general application of any type to one more argument.
 */
export type Type =
  | { readonly tag: 'var'; readonly name: string; readonly args: readonly Type[] }
  | { readonly tag: 'con'; readonly tycon: TypeConName; readonly args: readonly Type[] }
  | { readonly tag: 'syn'; readonly tysyn: TypeSynName; readonly args: readonly Type[] }
  | { readonly tag: 'builtin'; readonly builtin: BuiltinType; readonly args: readonly Type[] }
  | { readonly tag: 'forall'; readonly vars: readonly TypeVarWithKind[]; readonly body: Type }
  | { readonly tag: 'struct'; readonly fields: readonly FieldWithType[] }
  | { readonly tag: 'nat'; readonly value: number }
  | { readonly tag: 'tapp'; readonly lhs: Type; readonly rhs: Type };

/** A type constructor applied to its arguments, as record/variant expressions name their type. */
export interface TypeConApp {
  readonly tycon: TypeConName;
  readonly args: readonly Type[];
}

/** The types a type is built from (a constructor's definition aside). */
export function typeChildren(type: Type): readonly Type[] {
  switch (type.tag) {
    case 'tapp':
      return [type.lhs, type.rhs];
    case 'struct':
      return type.fields.map((f) => f.type);
    case 'forall':
      return [type.body];
    case 'nat':
      return [];
    default:
      return type.args;
  }
}
