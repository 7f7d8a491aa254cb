import { DomainError } from '../errors.ts';
import type { RecordValue, Value } from '../value.ts';
import type { DamlType, RecordType } from './types.ts';

/**
 * A stored value seen through another version of its type (smart-contract upgrading): a
 * record field the value lacks is None (upload checks make such fields optional), a field
 * the type lacks is dropped if it is None and refused otherwise, as is a variant case or enum
 * constructor the type does not know. Anything else is unchanged.
 */
export function upgradeValue(type: RecordType, value: RecordValue): RecordValue {
  return upgradeRecord(type, value, '');
}

function downgradeFailed(type: DamlType, path: string): DomainError {
  const name = 'name' in type && type.name ? type.name : type.kind;
  return new DomainError(
    'INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_FAILED',
    `Interpretation error: Error: failed to downgrade the value at ${path || 'the contract'} to ${name}: it is newer than the type`,
    { details: { expectedType: name } },
  );
}

function upgradeRecord(type: RecordType, value: Value, path: string): RecordValue {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw downgradeFailed(type, path);
  }
  const record = value as RecordValue;
  const out: Record<string, Value> = { ...type.blank };
  for (const field of type.fields) {
    const inner = record[field.name];
    // Absent in an older version's value: None (the field is optional, else no valid upgrade).
    out[field.name] =
      inner === undefined ? null : upgrade(field.type, inner, `${path}.${field.name}`);
  }
  let index = type.fields.length;
  for (const [field, inner] of Object.entries(record)) {
    if (type.fieldTypes.has(field)) continue;
    if (inner !== null) {
      const name = type.name ?? 'record';
      throw new DomainError(
        'INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_DROP_DEFINED_FIELD',
        `Interpretation error: Error: An optional contract field (${path}.${field}) with a value of Some may not be dropped during downgrading to ${name}.`,
        { details: { expectedType: name, fieldIndex: String(index) } },
      );
    }
    index += 1;
  }
  return out;
}

function upgrade(type: DamlType, value: Value, path: string): Value {
  switch (type.kind) {
    case 'named':
      return upgrade(type.resolve(), value, path);
    case 'record':
      return upgradeRecord(type, value, path);
    case 'variant': {
      const variant = value as { readonly tag: string; readonly value: Value };
      const caseType = type.caseTypes.get(variant.tag);
      if (caseType === undefined) throw downgradeFailed(type, path);
      return { tag: variant.tag, value: upgrade(caseType, variant.value, `${path}.value`) };
    }
    case 'enum':
      if (typeof value !== 'string' || !type.valueSet.has(value)) throw downgradeFailed(type, path);
      return value;
    case 'optional':
      return upgradeOptional(type.of, value, path);
    case 'list':
      return (value as readonly Value[]).map((item, at) =>
        upgrade(type.of, item, `${path}[${at}]`),
      );
    case 'textMap':
      return Object.fromEntries(
        Object.entries(value as RecordValue).map(([key, item]) => [
          key,
          upgrade(type.of, item, `${path}.${key}`),
        ]),
      );
    case 'genMap':
      return (value as readonly (readonly [Value, Value])[]).map(([key, item], at) => [
        upgrade(type.key, key, `${path}[${at}][0]`),
        upgrade(type.value, item, `${path}[${at}][1]`),
      ]);
    default:
      return value;
  }
}

function upgradeOptional(inner: DamlType, value: Value, path: string): Value {
  if (value === null) return null;
  const resolved = inner.kind === 'named' ? inner.resolve() : inner;
  if (resolved.kind !== 'optional') return upgrade(resolved, value, path);
  // Optional of optional: Some None is `[]`, Some (Some v) is `[v]` (see value.ts).
  const nested = value as readonly Value[];
  if (nested.length === 0) return nested;
  const some = upgradeOptional(resolved.of, nested[0] ?? null, `${path}[0]`);
  return some === null ? [] : [some];
}
