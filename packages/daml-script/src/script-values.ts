import type { LfValue, Type } from '@pocketnet/daml-lf';
import { ScriptSetupError } from './script-packages.ts';

// Reading and building the values the daml-script library and the runner exchange. Records are
// read by position, in the order the library (3.3) declares their fields.

type Tagged<T extends string> = Extract<LfValue, { tag: T }>;
/** The machine's run-time form of a type (what `Any` and `TypeRep` carry). */
export type RuntimeType = Tagged<'Any'>['type'];

export class ScriptValueError extends Error {
  override readonly name = 'ScriptValueError';
}

function tagged<T extends string>(value: LfValue, tag: T, what: string): Tagged<T> {
  if (typeof value !== 'object' || value.tag !== tag) {
    throw new ScriptValueError(`expected ${what}, got ${describe(value)}`);
  }
  return value as Tagged<T>;
}

function describe(value: LfValue): string {
  if (typeof value !== 'object') return typeof value;
  if (value.tag === 'Record' || value.tag === 'Variant') return `${value.tag} ${value.tycon}`;
  return value.tag;
}

export const fieldsOf = (value: LfValue, what: string): readonly LfValue[] =>
  tagged(value, 'Record', what).fields;

export function field(value: LfValue, index: number, what: string): LfValue {
  const found = fieldsOf(value, what)[index];
  if (found === undefined) throw new ScriptValueError(`${what} has no field ${index}`);
  return found;
}

export function text(value: LfValue, what: string): string {
  if (typeof value !== 'string') throw new ScriptValueError(`expected text for ${what}`);
  return value;
}

export const partyOf = (value: LfValue): string => tagged(value, 'Party', 'a party').party;

export const contractIdOf = (value: LfValue): string =>
  tagged(value, 'ContractId', 'a contract id').contractId;

export function listOf(value: LfValue): LfValue[] {
  const items: LfValue[] = [];
  let cell = value;
  for (;;) {
    if (typeof cell !== 'object') throw new ScriptValueError('expected a list');
    if (cell.tag === 'Nil') return items;
    const cons = tagged(cell, 'Cons', 'a list');
    items.push(cons.head);
    cell = cons.tail;
  }
}

export function optionalOf(value: LfValue): LfValue | null {
  if (typeof value === 'object' && value.tag === 'None') return null;
  return tagged(value, 'Some', 'an optional').value;
}

export const variantOf = (value: LfValue, what: string): Tagged<'Variant'> =>
  tagged(value, 'Variant', what);

/** The type constructor an `Any` or `TypeRep` stands for, as `packageId:Module:Name`. */
export function tyconOf(type: RuntimeType, what: string): string {
  let head = type;
  while (head.tag === 'App') head = head.function;
  if (head.tag !== 'Con') throw new ScriptValueError(`${what} is not a template type`);
  return head.tycon;
}

const builtinTypeNames: Readonly<Record<string, string>> = {
  Unit: 'UNIT',
  Bool: 'BOOL',
  Int64: 'INT64',
  Date: 'DATE',
  Timestamp: 'TIMESTAMP',
  Numeric: 'NUMERIC',
  Party: 'PARTY',
  Text: 'TEXT',
  ContractId: 'CONTRACT_ID',
  Optional: 'OPTIONAL',
  List: 'LIST',
  GenMap: 'GENMAP',
  TextMap: 'TEXTMAP',
};

/** A run-time type back as an LF type, to type the value an `Any` holds. */
export function lfTypeOf(type: RuntimeType): Type {
  const args: Type[] = [];
  let head = type;
  while (head.tag === 'App') {
    args.unshift(lfTypeOf(head.argument));
    head = head.function;
  }
  switch (head.tag) {
    case 'Con': {
      const [packageId = '', module = '', name = ''] = head.tycon.split(':');
      return { tag: 'con', tycon: { packageId, module, name }, args };
    }
    case 'Builtin': {
      const builtin = builtinTypeNames[head.name];
      if (builtin === undefined)
        throw new ScriptValueError(`type ${head.name} is not serializable`);
      return { tag: 'builtin', builtin: builtin as never, args };
    }
    case 'Nat':
      return { tag: 'nat', value: head.value };
    case 'Struct':
      throw new ScriptValueError('a struct type is not serializable');
  }
}

/** An LF type as the run-time type an `Any` carries (the inverse of `lfTypeOf`). */
export function runtimeTypeOf(type: Type): RuntimeType {
  const apply = (head: RuntimeType, args: readonly Type[]): RuntimeType =>
    args.reduce<RuntimeType>(
      (applied, argument) => ({ tag: 'App', function: applied, argument: runtimeTypeOf(argument) }),
      head,
    );
  switch (type.tag) {
    case 'con': {
      const { packageId, module, name } = type.tycon;
      return apply({ tag: 'Con', tycon: `${packageId}:${module}:${name}` }, type.args);
    }
    case 'builtin': {
      const name = Object.keys(builtinTypeNames).find(
        (key) => builtinTypeNames[key] === type.builtin,
      );
      if (name === undefined)
        throw new ScriptValueError(`type ${type.builtin} is not serializable`);
      return apply({ tag: 'Builtin', name } as RuntimeType, type.args);
    }
    case 'nat':
      return { tag: 'Nat', value: type.value } as RuntimeType;
    default:
      throw new ScriptValueError(`a ${type.tag} type is not serializable`);
  }
}

export function anyOf(value: LfValue, what: string): Tagged<'Any'> {
  return tagged(value, 'Any', what);
}

export function typeRepOf(value: LfValue, what: string): Tagged<'TypeRep'> {
  return tagged(value, 'TypeRep', what);
}

export function requireValue<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new ScriptSetupError(what);
  return value;
}

export const unitValue: LfValue = { tag: 'Unit' };
export const noneValue: LfValue = { tag: 'None' };
export const someValue = (value: LfValue): LfValue => ({ tag: 'Some', value });
export const partyValue = (name: string): LfValue => ({ tag: 'Party', party: name });
export const contractIdValue = (id: string): LfValue => ({ tag: 'ContractId', contractId: id });

export function listValue(items: readonly LfValue[]): LfValue {
  let list: LfValue = { tag: 'Nil' };
  for (let index = items.length - 1; index >= 0; index -= 1) {
    list = { tag: 'Cons', head: items[index] as LfValue, tail: list as never };
  }
  return list;
}

export const record = (tycon: string, fields: readonly LfValue[]): LfValue => ({
  tag: 'Record',
  tycon,
  fields,
});

export const variant = (tycon: string, name: string, rank: number, value: LfValue): LfValue => ({
  tag: 'Variant',
  tycon,
  constructor: name,
  rank,
  value,
});
