import { type DamlType, parseDate, parseTime, type Value } from '@pocketnet/ledger';

/** A Daml value in the canonical JSON form of the Ledger API's `Value` protobuf message. */
export type ProtobufValue = { readonly [kind: string]: unknown };

type Entry = readonly [Value, Value];

const resolved = (type: DamlType): DamlType =>
  type.kind === 'named' ? resolved(type.resolve()) : type;

/** protobuf's JSON omits an empty repeated field, so an empty list is `{}`. */
const repeated = <TItem>(name: string, items: readonly TItem[]) =>
  items.length === 0 ? {} : { [name]: items };

/**
 * Splice's lossless `protobuf_json` encoding (ValueJsonCodecProtobuf): the JSON mapping of
 * `com.daml.ledger.api.v2.Value`, typed, so it can be read back without the Daml source.
 * Record fields keep their labels. Values are the ledger's normalised compact JSON, so the
 * type says how to read each one.
 */
export function toProtobufValue(value: Value, type: DamlType): ProtobufValue {
  const of = resolved(type);
  switch (of.kind) {
    case 'unit':
      return { unit: {} };
    case 'bool':
      return { bool: value === true };
    case 'text':
      return { text: value };
    case 'int64':
      return { int64: value };
    case 'numeric':
      return { numeric: value };
    case 'party':
      return { party: value };
    case 'contractId':
      return { contractId: value };
    case 'time':
      return { timestamp: String(parseTime(String(value)) ?? 0n) };
    case 'date':
      return { date: parseDate(String(value)) ?? 0 };
    case 'optional':
      return { optional: optionalOf(value, of.of) };
    case 'list':
      return {
        list: repeated(
          'elements',
          (value as Value[]).map((item) => toProtobufValue(item, of.of)),
        ),
      };
    case 'textMap':
      return { textMap: repeated('entries', textMapEntries(value, of.of)) };
    case 'genMap':
      return {
        genMap: repeated(
          'entries',
          (value as Entry[]).map(([key, item]) => ({
            key: toProtobufValue(key, of.key),
            value: toProtobufValue(item, of.value),
          })),
        ),
      };
    case 'record':
      return {
        record: repeated(
          'fields',
          of.fields.map((field) => ({
            label: field.name,
            value: toProtobufValue(
              (value as Record<string, Value>)[field.name] ?? null,
              field.type,
            ),
          })),
        ),
      };
    case 'variant':
      return { variant: variantOf(value as { tag: string; value: Value }, of.caseTypes) };
    case 'enum':
      return { enum: { constructor: value } };
    case 'named':
      return toProtobufValue(value, of);
  }
}

function optionalOf(value: Value, inner: DamlType): object {
  if (value === null) return {};
  // Some inside Some is written as a list of zero or one element in the compact form.
  const nested = resolved(inner).kind === 'optional';
  const innerValue = nested ? ((value as Value[])[0] ?? null) : value;
  return { value: toProtobufValue(innerValue, inner) };
}

function textMapEntries(value: Value, of: DamlType) {
  return Object.entries(value as Record<string, Value>).map(([key, item]) => ({
    key,
    value: toProtobufValue(item, of),
  }));
}

function variantOf(value: { tag: string; value: Value }, cases: ReadonlyMap<string, DamlType>) {
  const caseType = cases.get(value.tag);
  return {
    constructor: value.tag,
    value: caseType ? toProtobufValue(value.value, caseType) : { unit: {} },
  };
}
