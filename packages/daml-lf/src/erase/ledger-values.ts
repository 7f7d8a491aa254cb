import type { DamlType, Value } from '@pocketnet/ledger';
import { formatDate, formatTime, parseDate, parseNumeric, parseTime } from '@pocketnet/ledger';
import { compareValues } from '../values/compare-values.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type {
  LfValue,
  ListValue,
  OptionalValue,
  RecordValue,
  TextMapValue,
  VariantValue,
} from '../values/lf-value.ts';
import {
  contractId,
  date,
  listFromArray,
  none,
  numeric,
  party,
  some,
  timestamp,
  unit,
} from '../values/lf-value.ts';
import { numericToText } from '../values/numeric.ts';

/**
 * Values between the ledger's normalised JSON form and the machine's, directed by the value
 * type (the LF type as a DamlType: record and variant names are `pkg:Module:Name`).
 */
function resolved(type: DamlType): DamlType {
  return type.kind === 'named' ? resolved(type.resolve()) : type;
}

function nameOf(type: { readonly name: string | null }): string {
  if (type.name === null) throw new FatalFailure('an LF value type has no name');
  return type.name;
}

function optionalFromLedger(of: DamlType, value: Value): LfValue {
  if (value === null) return none;
  if (resolved(of).kind !== 'optional') return some(fromLedgerValue(of, value));
  // A nested optional is `[]` (Some None) or `[v]`.
  const items = value as readonly Value[];
  return items.length === 0 ? some(none) : some(fromLedgerValue(of, items[0] as Value));
}

export function fromLedgerValue(declared: DamlType, value: Value): LfValue {
  const type = resolved(declared);
  switch (type.kind) {
    case 'unit':
      return unit;
    case 'bool':
    case 'text':
      return value as boolean | string;
    case 'int64':
      return BigInt(value as string);
    case 'numeric':
      return numeric(parseNumeric(value as string, type.scale), type.scale);
    case 'party':
      return party(value as string);
    case 'contractId':
      return contractId(value as string);
    case 'time':
      return timestamp(parseTime(value as string) as bigint);
    case 'date':
      return date(parseDate(value as string) as number);
    case 'optional':
      return optionalFromLedger(type.of, value);
    case 'list':
      return listFromArray(
        (value as readonly Value[]).map((item) => fromLedgerValue(type.of, item)),
      );
    case 'textMap': {
      const entries = Object.entries(value as Record<string, Value>);
      return {
        tag: 'TextMap',
        keys: entries.map(([key]) => key),
        values: entries.map(([, item]) => fromLedgerValue(type.of, item)),
      };
    }
    case 'genMap': {
      const entries = (value as readonly (readonly [Value, Value])[]).map(
        ([key, item]) =>
          [fromLedgerValue(type.key, key), fromLedgerValue(type.value, item)] as const,
      );
      return genMapOf(entries);
    }
    case 'record': {
      const fields = value as Record<string, Value>;
      return {
        tag: 'Record',
        tycon: nameOf(type),
        fields: type.fields.map((field) => fromLedgerValue(field.type, fields[field.name] ?? null)),
      };
    }
    case 'variant': {
      const { tag, value: inner } = value as { tag: string; value: Value };
      const rank = type.cases.findIndex((entry) => entry.name === tag);
      const caseType = type.cases[rank]?.type ?? declared;
      return {
        tag: 'Variant',
        tycon: nameOf(type),
        constructor: tag,
        rank,
        value: fromLedgerValue(caseType, inner),
      };
    }
    case 'enum':
      return {
        tag: 'Enum',
        tycon: nameOf(type),
        constructor: value as string,
        rank: type.values.indexOf(value as string),
      };
    case 'named':
      throw new Error('unreachable');
  }
}

function genMapOf(entries: readonly (readonly [LfValue, LfValue])[]): LfValue {
  const sorted = [...entries].sort(([left], [right]) => compareValues(left, right));
  return {
    tag: 'GenMap',
    keys: sorted.map(([key]) => key),
    values: sorted.map(([, item]) => item),
  };
}

function optionalToLedger(of: DamlType, value: OptionalValue): Value {
  if (value.tag === 'None') return null;
  const inner = resolved(of);
  if (inner.kind !== 'optional') return toLedgerValue(of, value.value);
  const nested = value.value as OptionalValue;
  return nested.tag === 'None' ? [] : [optionalToLedger(inner.of, nested)];
}

export function toLedgerValue(declared: DamlType, value: LfValue): Value {
  const type = resolved(declared);
  switch (type.kind) {
    case 'unit':
      return {};
    case 'bool':
    case 'text':
      return value as boolean | string;
    case 'int64':
      return (value as bigint).toString();
    case 'numeric': {
      const text = numericToText(value as never);
      return text.endsWith('.') ? text.slice(0, -1) : text;
    }
    case 'party':
      return (value as { party: string }).party;
    case 'contractId':
      return (value as { contractId: string }).contractId;
    case 'time':
      return formatTime((value as { micros: bigint }).micros);
    case 'date':
      return formatDate((value as { days: number }).days);
    case 'optional':
      return optionalToLedger(type.of, value as OptionalValue);
    case 'list': {
      const items: Value[] = [];
      for (let cell = value as ListValue; cell.tag === 'Cons'; cell = cell.tail) {
        items.push(toLedgerValue(type.of, cell.head));
      }
      return items;
    }
    case 'textMap': {
      const map = value as TextMapValue;
      return Object.fromEntries(
        map.keys.map((key, index) => [key, toLedgerValue(type.of, map.values[index] as LfValue)]),
      );
    }
    case 'genMap': {
      const map = value as { keys: readonly LfValue[]; values: readonly LfValue[] };
      return map.keys.map((key, index) => [
        toLedgerValue(type.key, key),
        toLedgerValue(type.value, map.values[index] as LfValue),
      ]);
    }
    case 'record': {
      const { fields } = value as RecordValue;
      // Spread from the type's blank record, as the ledger builds its own: every field in the
      // object itself, and the same shape as the ledger's records of the type.
      const record: Record<string, Value> = { ...type.blank };
      const declaredFields = type.fields;
      for (let index = 0; index < declaredFields.length; index += 1) {
        const field = declaredFields[index] as (typeof declaredFields)[number];
        record[field.name] = toLedgerValue(field.type, fields[index] as LfValue);
      }
      return record;
    }
    case 'variant': {
      const variant = value as VariantValue;
      const caseType = type.caseTypes.get(variant.constructor) as DamlType;
      return { tag: variant.constructor, value: toLedgerValue(caseType, variant.value) };
    }
    case 'enum':
      return (value as { constructor: string }).constructor;
    case 'named':
      throw new Error('unreachable');
  }
}
