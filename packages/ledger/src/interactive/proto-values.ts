import type { Value } from '../value.ts';
import { formatDate, formatTime, parseDate, parseTime } from '../values/time.ts';
import type { DamlType, RecordType, VariantType } from '../values/types.ts';
import type { ProtoIdentifier, ProtoValue } from './prepared-proto.ts';

/** What rendering a value needs beyond its type. */
export type ProtoValueContext = {
  /** Package of the node the value belongs to: the package its type names are read in. */
  readonly packageId: string;
  /** Contract ids as the prepared transaction shows them (created ones without suffix). */
  readonly contractId: (contractId: string) => string;
};

function identifierOf(
  name: string | null,
  context: ProtoValueContext,
): ProtoIdentifier | undefined {
  if (name === null) return undefined;
  const colon = name.lastIndexOf(':');
  if (colon < 0) return undefined;
  return {
    packageId: context.packageId,
    moduleName: name.slice(0, colon),
    entityName: name.slice(colon + 1),
  };
}

const withId = <TKey extends string>(key: TKey, id: ProtoIdentifier | undefined) =>
  (id === undefined ? {} : { [key]: id }) as Partial<Record<TKey, ProtoIdentifier>>;

function recordToProto(
  type: RecordType,
  value: Value,
  context: ProtoValueContext,
  name: string | null,
) {
  const fields = value as { readonly [field: string]: Value };
  return {
    record: {
      ...withId('recordId', identifierOf(type.name ?? name, context)),
      fields: type.fields.map((field) => ({
        label: field.name,
        value: toProtoValue(field.type, fields[field.name] ?? null, context),
      })),
    },
  };
}

function variantToProto(type: VariantType, value: Value, context: ProtoValueContext) {
  const { tag, value: inner } = value as { readonly tag: string; readonly value: Value };
  const caseType = type.caseTypes.get(tag);
  if (caseType === undefined) throw new Error(`variant ${type.name} has no case ${tag}`);
  return {
    variant: {
      ...withId('variantId', identifierOf(type.name, context)),
      constructor: tag,
      value: toProtoValue(caseType, inner ?? {}, context),
    },
  };
}

function optionalToProto(inner: DamlType, value: Value, context: ProtoValueContext): ProtoValue {
  if (value === null) return { optional: {} };
  if (inner.kind !== 'optional')
    return { optional: { value: toProtoValue(inner, value, context) } };
  const nested = value as readonly Value[];
  return { optional: { value: optionalToProto(inner.of, nested[0] ?? null, context) } };
}

function scalarToProto(
  type: DamlType,
  value: Value,
  context: ProtoValueContext,
): ProtoValue | null {
  switch (type.kind) {
    case 'unit':
      return { unit: {} };
    case 'bool':
      return { bool: value === true };
    case 'text':
      return { text: String(value) };
    case 'int64':
      return { int64: String(value) };
    case 'numeric':
      return { numeric: String(value) };
    case 'party':
      return { party: String(value) };
    case 'contractId':
      return { contractId: context.contractId(String(value)) };
    case 'time':
      return { timestamp: String(parseTime(String(value)) ?? 0n) };
    case 'date':
      return { date: parseDate(String(value)) ?? 0 };
    default:
      return null;
  }
}

/**
 * A normalised value as the Ledger API's protobuf Value, guided by its type: records with
 * their labels and identifiers (type names read in the node's package), every scalar in its
 * own case. `name` names an anonymous record type (a choice argument is named after its choice).
 */
export function toProtoValue(
  type: DamlType,
  value: Value,
  context: ProtoValueContext,
  name: string | null = null,
): ProtoValue {
  const scalar = scalarToProto(type, value, context);
  if (scalar !== null) return scalar;
  switch (type.kind) {
    case 'named':
      return toProtoValue(type.resolve(), value, context, name);
    case 'optional':
      return optionalToProto(type.of, value, context);
    case 'list':
      return {
        list: {
          elements: (value as readonly Value[]).map((item) => toProtoValue(type.of, item, context)),
        },
      };
    case 'textMap':
      return {
        textMap: {
          entries: Object.entries(value as { readonly [key: string]: Value }).map(
            ([key, item]) => ({
              key,
              value: toProtoValue(type.of, item, context),
            }),
          ),
        },
      };
    case 'genMap':
      return {
        genMap: {
          entries: (value as readonly (readonly [Value, Value])[]).map(([key, item]) => ({
            key: toProtoValue(type.key, key, context),
            value: toProtoValue(type.value, item, context),
          })),
        },
      };
    case 'record':
      return recordToProto(type, value, context, name);
    case 'variant':
      return variantToProto(type, value, context);
    case 'enum':
      return {
        enum: { ...withId('enumId', identifierOf(type.name, context)), constructor: String(value) },
      };
    default:
      throw new Error(`no protobuf rendering for type ${type.kind}`);
  }
}

function optionalFromProto(optional: { readonly value?: ProtoValue }): Value {
  const inner = optional.value;
  if (inner === undefined) return null;
  if (inner.optional === undefined) return fromProtoValue(inner);
  const nested = optionalFromProto(inner.optional);
  return nested === null ? [] : [nested];
}

function recordFromProto(fields: readonly { label?: string; value?: ProtoValue }[]): Value {
  const values = fields.map((field) => fromProtoValue(field.value ?? {}));
  if (fields.some((field) => !field.label)) return values;
  return Object.fromEntries(
    fields.map((field, index) => [field.label ?? '', values[index] ?? null]),
  );
}

function scalarFromProto(value: ProtoValue): Value | undefined {
  if (value.unit !== undefined) return {};
  if (value.bool !== undefined) return value.bool;
  if (value.int64 !== undefined) return value.int64;
  if (value.numeric !== undefined) return value.numeric;
  if (value.party !== undefined) return value.party;
  if (value.text !== undefined) return value.text;
  if (value.contractId !== undefined) return value.contractId;
  if (value.timestamp !== undefined) return formatTime(BigInt(value.timestamp));
  if (value.date !== undefined) return formatDate(value.date);
  return undefined;
}

/** A protobuf Value back in the JSON encoding (untyped: the interpreter normalises it). */
export function fromProtoValue(value: ProtoValue): Value {
  const scalar = scalarFromProto(value);
  if (scalar !== undefined) return scalar;
  if (value.optional !== undefined) return optionalFromProto(value.optional);
  if (value.list !== undefined) return (value.list.elements ?? []).map(fromProtoValue);
  if (value.textMap !== undefined) {
    return Object.fromEntries(
      (value.textMap.entries ?? []).map((entry) => [
        entry.key ?? '',
        fromProtoValue(entry.value ?? {}),
      ]),
    );
  }
  if (value.genMap !== undefined) {
    return (value.genMap.entries ?? []).map((entry) => [
      fromProtoValue(entry.key ?? {}),
      fromProtoValue(entry.value ?? {}),
    ]);
  }
  if (value.record !== undefined) return recordFromProto(value.record.fields ?? []);
  if (value.variant !== undefined) {
    return {
      tag: value.variant.constructor ?? '',
      value: fromProtoValue(value.variant.value ?? {}),
    };
  }
  if (value.enum !== undefined) return value.enum.constructor ?? '';
  return null;
}
