import { FatalFailure } from './evaluation-errors.ts';
import type { LfValue, RuntimeType } from './lf-value.ts';
import { compareText } from './text.ts';

/**
 * The spec's total order on comparable values (§ Generic comparison functions) and on types
 * (§ Type ordering). Functions and updates are not comparable: a fatal error, as in Speedy.
 */
const builtinTypeOrder: readonly string[] = [
  'Unit',
  'Bool',
  'Int64',
  'Text',
  'Timestamp',
  'Party',
  'List',
  'Update',
  'Date',
  'ContractId',
  'Optional',
  'Arrow',
  'TextMap',
  'Numeric',
  'Any',
  'TypeRep',
  'GenMap',
  'BigNumeric',
  'RoundingMode',
  'AnyException',
];
const builtinRank: ReadonlyMap<string, number> = new Map(
  builtinTypeOrder.map((name, index) => [name, index]),
);
const typeTagRank = { Builtin: 0, Con: 1, Nat: 2, Struct: 3, App: 4 } as const;

function sign(difference: number): number {
  return difference < 0 ? -1 : difference > 0 ? 1 : 0;
}

function compareBigint(left: bigint, right: bigint): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

export function compareTypes(left: RuntimeType, right: RuntimeType): number {
  if (left.tag !== right.tag) return sign(typeTagRank[left.tag] - typeTagRank[right.tag]);
  switch (left.tag) {
    case 'Builtin': {
      const other = right as typeof left;
      return sign((builtinRank.get(left.name) ?? 99) - (builtinRank.get(other.name) ?? 99));
    }
    case 'Con':
      return compareText(left.tycon, (right as typeof left).tycon);
    case 'Nat':
      return sign(left.value - (right as typeof left).value);
    case 'Struct': {
      const other = right as typeof left;
      const length = Math.min(left.fields.length, other.fields.length);
      for (let index = 0; index < length; index += 1) {
        const a = left.fields[index] as (typeof left.fields)[number];
        const b = other.fields[index] as (typeof left.fields)[number];
        const byName = compareText(a.name, b.name);
        if (byName !== 0) return byName;
      }
      if (left.fields.length !== other.fields.length) {
        return sign(left.fields.length - other.fields.length);
      }
      for (let index = 0; index < length; index += 1) {
        const byType = compareTypes(
          (left.fields[index] as (typeof left.fields)[number]).type,
          (other.fields[index] as (typeof left.fields)[number]).type,
        );
        if (byType !== 0) return byType;
      }
      return 0;
    }
    case 'App': {
      const other = right as typeof left;
      return (
        compareTypes(left.function, other.function) || compareTypes(left.argument, other.argument)
      );
    }
  }
}

function compareSequences(left: readonly LfValue[], right: readonly LfValue[]): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const order = compareValues(left[index] as LfValue, right[index] as LfValue);
    if (order !== 0) return order;
  }
  return sign(left.length - right.length);
}

function compareMaps(
  left: { readonly keys: readonly LfValue[]; readonly values: readonly LfValue[] },
  right: { readonly keys: readonly LfValue[]; readonly values: readonly LfValue[] },
): number {
  const length = Math.min(left.keys.length, right.keys.length);
  for (let index = 0; index < length; index += 1) {
    const order =
      compareValues(left.keys[index] as LfValue, right.keys[index] as LfValue) ||
      compareValues(left.values[index] as LfValue, right.values[index] as LfValue);
    if (order !== 0) return order;
  }
  return sign(left.keys.length - right.keys.length);
}

function notComparable(): never {
  throw new FatalFailure('Try to compare functions');
}

/** -1, 0 or 1. Both values must have the same type, as LF's typing guarantees. */
export function compareValues(left: LfValue, right: LfValue): number {
  if (typeof left === 'boolean') return sign(Number(left) - Number(right as boolean));
  if (typeof left === 'bigint') return compareBigint(left, right as bigint);
  if (typeof left === 'string') return compareText(left, right as string);
  switch (left.tag) {
    case 'Unit':
      return 0;
    case 'Numeric':
      return compareBigint(left.value, (right as typeof left).value);
    case 'Timestamp':
      return compareBigint(left.micros, (right as typeof left).micros);
    case 'Date':
      return sign(left.days - (right as typeof left).days);
    case 'Party':
      return compareText(left.party, (right as typeof left).party);
    case 'ContractId':
      return compareText(left.contractId, (right as typeof left).contractId);
    case 'Nil':
    case 'Cons':
      return compareLists(left, right);
    case 'None':
      return (right as { tag: string }).tag === 'None' ? 0 : -1;
    case 'Some': {
      const other = right as { tag: 'None' } | typeof left;
      return other.tag === 'None' ? 1 : compareValues(left.value, other.value);
    }
    case 'TextMap': {
      const other = right as typeof left;
      return compareMaps(left, other);
    }
    case 'GenMap':
      return compareMaps(left, right as typeof left);
    case 'Record':
      return compareSequences(left.fields, (right as typeof left).fields);
    case 'Variant': {
      const other = right as typeof left;
      return sign(left.rank - other.rank) || compareValues(left.value, other.value);
    }
    case 'Enum':
      return sign(left.rank - (right as typeof left).rank);
    case 'Struct':
      return compareSequences(left.values, (right as typeof left).values);
    case 'Any': {
      const other = right as typeof left;
      return compareTypes(left.type, other.type) || compareValues(left.value, other.value);
    }
    case 'TypeRep':
      return compareTypes(left.type, (right as typeof left).type);
    case 'AnyException':
    case 'Function':
    case 'Token':
      return notComparable();
  }
}

/** Lists compare element by element; walked in a loop so long lists use no stack. */
function compareLists(left: LfValue, right: LfValue): number {
  let a = left as { tag: 'Nil' } | { tag: 'Cons'; head: LfValue; tail: LfValue };
  let b = right as typeof a;
  for (;;) {
    if (a.tag === 'Nil') return b.tag === 'Nil' ? 0 : -1;
    if (b.tag === 'Nil') return 1;
    const order = compareValues(a.head, b.head);
    if (order !== 0) return order;
    a = a.tail as typeof a;
    b = b.tail as typeof b;
  }
}
