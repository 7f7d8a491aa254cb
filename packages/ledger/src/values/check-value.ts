import { describeInput } from '../numeric/numeric.ts';
import type { Value } from '../value.ts';
import {
  invalidAt,
  isPlainObject,
  readBool,
  readContractId,
  readDate,
  readInt64,
  readNumericValue,
  readParty,
  readText,
  readTime,
  readUnit,
} from './scalars.ts';
import type { DamlType, RecordType, VariantType } from './types.ts';

/** Daml-LF values may nest at most this deep (Canton rejects deeper values). */
export const maxValueDepth = 100;

/**
 * Checks a JSON value against a Daml type and returns it normalised (see value.ts); throws
 * INVALID_ARGUMENT naming the path of the first bad field. Normalising twice changes nothing.
 */
export function checkValue(type: DamlType, input: unknown, path: string): Value {
  return check(type, input, path, 0);
}

function check(type: DamlType, input: unknown, path: string, depth: number): Value {
  switch (type.kind) {
    case 'unit':
      return readUnit(input, path);
    case 'bool':
      return readBool(input, path);
    case 'text':
      return readText(input, path);
    case 'int64':
      return readInt64(input, path);
    case 'numeric':
      return readNumericValue(input, path, type.scale);
    case 'party':
      return readParty(input, path);
    case 'contractId':
      return readContractId(input, path);
    case 'time':
      return readTime(input, path);
    case 'date':
      return readDate(input, path);
    case 'named':
      return check(type.resolve(), input, path, depth);
    default:
      return checkNested(type, input, path, depth + 1);
  }
}

function checkNested(type: DamlType, input: unknown, path: string, depth: number): Value {
  if (depth > maxValueDepth) {
    throw invalidAt(path, `value nested deeper than ${maxValueDepth} levels`);
  }
  switch (type.kind) {
    case 'optional':
      return checkOptional(type.of, input, path, depth);
    case 'list':
      return checkList(type.of, input, path, depth);
    case 'textMap':
      return checkTextMap(type.of, input, path, depth);
    case 'genMap':
      return checkGenMap(type, input, path, depth);
    case 'record':
      return checkRecord(type, input, path, depth);
    case 'variant':
      return checkVariant(type, input, path, depth);
    case 'enum':
      if (typeof input === 'string' && type.valueSet.has(input)) return input;
      throw invalidAt(
        path,
        `expected one of ${type.values.join(', ')}, got ${describeInput(input)}`,
      );
    default:
      return check(type, input, path, depth);
  }
}

function checkOptional(inner: DamlType, input: unknown, path: string, depth: number): Value {
  if (input === null || input === undefined) return null;
  if (inner.kind !== 'optional') return check(inner, input, path, depth);
  // Optional of optional: Some None is `[]`, Some (Some v) is `[v]`.
  if (!Array.isArray(input) || input.length > 1) {
    throw invalidAt(
      path,
      `expected a nested Optional ([] or [value]), got ${describeInput(input)}`,
    );
  }
  if (input.length === 0) return [];
  const value = checkOptional(inner.of, input[0], `${path}[0]`, depth + 1);
  return value === null ? [] : [value];
}

/** Every empty list value is this one frozen array: payloads hold many, and values never change. */
export const emptyList: readonly Value[] = Object.freeze([]);

function checkList(item: DamlType, input: unknown, path: string, depth: number): Value {
  if (!Array.isArray(input)) throw invalidAt(path, `expected a List, got ${describeInput(input)}`);
  if (input.length === 0) return emptyList;
  const out = new Array<Value>(input.length);
  for (let index = 0; index < input.length; index++) {
    out[index] = check(item, input[index], `${path}[${index}]`, depth);
  }
  return out;
}

function checkTextMap(item: DamlType, input: unknown, path: string, depth: number): Value {
  if (!isPlainObject(input))
    throw invalidAt(path, `expected a TextMap, got ${describeInput(input)}`);
  // Entries in key order, as Daml keeps a TextMap, so that equal maps normalise alike.
  const keys = Object.keys(input).sort();
  return Object.fromEntries(
    keys.map((key) => [key, check(item, input[key], `${path}.${key}`, depth)]),
  );
}

function checkGenMap(
  type: Extract<DamlType, { kind: 'genMap' }>,
  input: unknown,
  path: string,
  depth: number,
): Value {
  if (!Array.isArray(input))
    throw invalidAt(path, `expected a GenMap ([[key, value], ...]), got ${describeInput(input)}`);
  const seen = new Set<string>();
  return input.map((entry: unknown, index) => {
    const entryPath = `${path}[${index}]`;
    if (!Array.isArray(entry) || entry.length !== 2) {
      throw invalidAt(entryPath, `expected a [key, value] pair, got ${describeInput(entry)}`);
    }
    const key = check(type.key, entry[0], `${entryPath}[0]`, depth);
    const canonicalKey = JSON.stringify(key);
    if (seen.has(canonicalKey)) throw invalidAt(entryPath, `duplicate GenMap key ${canonicalKey}`);
    seen.add(canonicalKey);
    return [key, check(type.value, entry[1], `${entryPath}[1]`, depth)];
  });
}

function checkRecord(type: RecordType, input: unknown, path: string, depth: number): Value {
  if (Array.isArray(input)) return checkPositionalRecord(type, input, path, depth);
  if (!isPlainObject(input))
    throw invalidAt(path, `expected a record, got ${describeInput(input)}`);
  for (const key of Object.keys(input)) {
    if (!type.fieldTypes.has(key)) throw invalidAt(`${path}.${key}`, 'unknown field');
  }
  const out: Record<string, Value> = { ...type.blank };
  for (const field of type.fields) {
    const fieldPath = `${path}.${field.name}`;
    const value = input[field.name];
    if (value === undefined && !isOptionalType(field.type)) {
      throw invalidAt(fieldPath, 'missing required field');
    }
    out[field.name] = check(field.type, value, fieldPath, depth);
  }
  return out;
}

/** Daml-LF JSON also accepts a record as the list of its field values, in declared order. */
function checkPositionalRecord(
  type: RecordType,
  input: readonly unknown[],
  path: string,
  depth: number,
): Value {
  if (input.length !== type.fields.length) {
    throw invalidAt(
      path,
      `expected a record of ${type.fields.length} fields, got ${input.length} values`,
    );
  }
  const out: Record<string, Value> = { ...type.blank };
  type.fields.forEach((field, index) => {
    out[field.name] = check(field.type, input[index], `${path}.${field.name}`, depth);
  });
  return out;
}

function checkVariant(type: VariantType, input: unknown, path: string, depth: number): Value {
  if (!isPlainObject(input) || typeof input.tag !== 'string') {
    throw invalidAt(path, `expected a variant ({tag, value}), got ${describeInput(input)}`);
  }
  const caseType = type.caseTypes.get(input.tag);
  if (caseType === undefined) throw invalidAt(`${path}.tag`, `unknown variant case ${input.tag}`);
  const extra = Object.keys(input).find((key) => key !== 'tag' && key !== 'value');
  if (extra !== undefined) throw invalidAt(`${path}.${extra}`, 'unknown field');
  // A case without payload (Unit) may leave out its value.
  const raw = input.value === undefined && caseType.kind === 'unit' ? {} : input.value;
  return { tag: input.tag, value: check(caseType, raw, `${path}.value`, depth) };
}

function isOptionalType(type: DamlType): boolean {
  return type.kind === 'optional' || (type.kind === 'named' && isOptionalType(type.resolve()));
}
