import type { FunctionTarget } from '../machine/machine.ts';

/**
 * Values of the Daml-LF machine (the spec's "values", § Operational semantics). Scalars that
 * JavaScript holds exactly are primitives: Bool is a boolean, Int64 a bigint, Text a string.
 * Everything else is an object tagged by `tag`. Lists are cons cells so that `Cons` and
 * matching a list are O(1), as Speedy's FrontStack is; maps keep their entries ordered by key.
 */
export type LfValue =
  | boolean
  | bigint
  | string
  | UnitValue
  | NumericValue
  | TimestampValue
  | DateValue
  | PartyValue
  | ContractIdValue
  | ListValue
  | OptionalValue
  | TextMapValue
  | GenMapValue
  | RecordValue
  | VariantValue
  | EnumValue
  | StructValue
  | AnyValue
  | TypeRepValue
  | AnyExceptionValue
  | FunctionValue
  | TokenValue;

export type UnitValue = { readonly tag: 'Unit' };
/** `value` counts units of 10^-scale. */
export type NumericValue = {
  readonly tag: 'Numeric';
  readonly value: bigint;
  readonly scale: number;
};
export type TimestampValue = { readonly tag: 'Timestamp'; readonly micros: bigint };
export type DateValue = { readonly tag: 'Date'; readonly days: number };
export type PartyValue = { readonly tag: 'Party'; readonly party: string };
export type ContractIdValue = { readonly tag: 'ContractId'; readonly contractId: string };
export type ListValue = NilValue | ConsValue;
export type NilValue = { readonly tag: 'Nil' };
export type ConsValue = { readonly tag: 'Cons'; readonly head: LfValue; readonly tail: ListValue };
export type OptionalValue = NoneValue | SomeValue;
export type NoneValue = { readonly tag: 'None' };
export type SomeValue = { readonly tag: 'Some'; readonly value: LfValue };
/** Keys in code-point order (the spec's order on Text). */
export type TextMapValue = {
  readonly tag: 'TextMap';
  readonly keys: readonly string[];
  readonly values: readonly LfValue[];
};
/** Keys in the order of the builtin `LESS`. */
export type GenMapValue = {
  readonly tag: 'GenMap';
  readonly keys: readonly LfValue[];
  readonly values: readonly LfValue[];
};
/** A type constructor's qualified name, `packageId:Module.Path:Name`. */
export type TypeConKey = string;
/** Field values in the order the record type declares its fields. */
export type RecordValue = {
  readonly tag: 'Record';
  readonly tycon: TypeConKey;
  readonly fields: readonly LfValue[];
};
export type VariantValue = {
  readonly tag: 'Variant';
  readonly tycon: TypeConKey;
  readonly constructor: string;
  /** Position of the constructor in the declaration: the order of variants. */
  readonly rank: number;
  readonly value: LfValue;
};
export type EnumValue = {
  readonly tag: 'Enum';
  readonly tycon: TypeConKey;
  readonly constructor: string;
  readonly rank: number;
};
/** Fields sorted by name, as struct values are normalised. */
export type StructValue = {
  readonly tag: 'Struct';
  readonly names: readonly string[];
  readonly values: readonly LfValue[];
};
/** A type as the machine needs it at run time (Any, TypeRep, exceptions): ground and resolved. */
export type RuntimeType =
  | { readonly tag: 'Builtin'; readonly name: string }
  | { readonly tag: 'Con'; readonly tycon: TypeConKey }
  | { readonly tag: 'Nat'; readonly value: number }
  | { readonly tag: 'App'; readonly function: RuntimeType; readonly argument: RuntimeType }
  | {
      readonly tag: 'Struct';
      readonly fields: readonly { readonly name: string; readonly type: RuntimeType }[];
    };
export type AnyValue = { readonly tag: 'Any'; readonly type: RuntimeType; readonly value: LfValue };
export type TypeRepValue = { readonly tag: 'TypeRep'; readonly type: RuntimeType };
/** A thrown exception: the exception record and its type constructor. */
export type AnyExceptionValue = {
  readonly tag: 'AnyException';
  readonly type: RuntimeType;
  readonly value: LfValue;
};
/**
 * Anything that can be applied: a closure or a builtin, possibly partially applied. `arity`
 * is how many arguments the target takes in all; `given` those it already has.
 */
export type FunctionValue = {
  readonly tag: 'Function';
  readonly arity: number;
  readonly given: readonly LfValue[];
  readonly target: FunctionTarget;
  /** What a closure copied from where it was created (its target is the same for all). */
  readonly captured: readonly LfValue[];
};
/** The `given` of a function not applied yet: one array for all, never written. */
export const noArguments: readonly LfValue[] = [];
/** The token an Update is applied to when it is performed (Speedy's update token). */
export type TokenValue = { readonly tag: 'Token' };

export const unit: UnitValue = { tag: 'Unit' };
export const nil: NilValue = { tag: 'Nil' };
export const none: NoneValue = { tag: 'None' };
export const token: TokenValue = { tag: 'Token' };

export function some(value: LfValue): SomeValue {
  return { tag: 'Some', value };
}

export function cons(head: LfValue, tail: ListValue): ConsValue {
  return { tag: 'Cons', head, tail };
}

export function numeric(value: bigint, scale: number): NumericValue {
  return { tag: 'Numeric', value, scale };
}

export function party(name: string): PartyValue {
  return { tag: 'Party', party: name };
}

export function contractId(id: string): ContractIdValue {
  return { tag: 'ContractId', contractId: id };
}

export function timestamp(micros: bigint): TimestampValue {
  return { tag: 'Timestamp', micros };
}

export function date(days: number): DateValue {
  return { tag: 'Date', days };
}

export function listFromArray(items: readonly LfValue[]): ListValue {
  let list: ListValue = nil;
  for (let index = items.length - 1; index >= 0; index -= 1) {
    list = cons(items[index] as LfValue, list);
  }
  return list;
}

export function listToArray(list: ListValue): LfValue[] {
  const items: LfValue[] = [];
  for (let cell = list; cell.tag === 'Cons'; cell = cell.tail) items.push(cell.head);
  return items;
}

export function struct(entries: readonly (readonly [string, LfValue])[]): StructValue {
  const sorted = [...entries].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return {
    tag: 'Struct',
    names: sorted.map(([name]) => name),
    values: sorted.map(([, value]) => value),
  };
}

export function structField(value: StructValue, name: string): LfValue {
  const index = value.names.indexOf(name);
  if (index < 0) throw new Error(`struct has no field ${name}`);
  return value.values[index] as LfValue;
}
