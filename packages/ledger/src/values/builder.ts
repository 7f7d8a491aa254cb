import type {
  DamlType,
  FieldTypes,
  FieldValues,
  Infer,
  RecordField,
  RecordType,
  Typed,
  VariantType,
} from './types.ts';

type VariantValue<TCases extends FieldTypes> = {
  readonly [TTag in keyof TCases]: { readonly tag: TTag; readonly value: Infer<TCases[TTag]> };
}[keyof TCases];

/** Some of an optional inside an optional is written `[v]`, and None inside Some as `[]`. */
type OptionalValue<TInner extends DamlType> = [TInner] extends [{ readonly kind: 'optional' }]
  ? readonly [] | readonly [Exclude<Infer<TInner>, null>] | null
  : Infer<TInner> | null;

function fieldsOf(fields: FieldTypes): RecordField[] {
  return Object.keys(fields).map((name) => {
    // A field of this name would set the prototype of a normalised record.
    if (name === '__proto__') throw new Error('a Daml field cannot be named __proto__');
    const type = fields[name];
    if (type === undefined) throw new Error(`field ${name} has no type`);
    return { name, type };
  });
}

function recordType(fields: FieldTypes, name: string | null): RecordType {
  const list = fieldsOf(fields);
  return {
    kind: 'record',
    name,
    fields: list,
    fieldTypes: new Map(list.map((field) => [field.name, field.type])),
    // Parsed, not built: JSON.parse lays an object out with all its fields in place.
    blank: JSON.parse(JSON.stringify(Object.fromEntries(list.map((field) => [field.name, null])))),
  };
}

function variantType(cases: FieldTypes, name: string | null): VariantType {
  const list = fieldsOf(cases);
  if (list.length === 0) throw new Error('a variant needs at least one case');
  return {
    kind: 'variant',
    name,
    cases: list,
    caseTypes: new Map(list.map((entry) => [entry.name, entry.type])),
  };
}

/** Builders for type descriptors whose TypeScript value types follow the JSON encoding. */
export const t = {
  unit: (): Typed<Readonly<Record<string, never>>> => ({ kind: 'unit' }),
  bool: (): Typed<boolean> => ({ kind: 'bool' }),
  text: (): Typed<string> => ({ kind: 'text' }),
  int64: (): Typed<string> => ({ kind: 'int64' }),
  numeric: (scale = 10): Typed<string> => {
    if (!Number.isInteger(scale) || scale < 0 || scale > 37) {
      throw new Error(`Numeric scale must be 0..37, got ${scale}`);
    }
    return { kind: 'numeric', scale };
  },
  party: (): Typed<string> => ({ kind: 'party' }),
  /** A contract id; the template reference only documents what it points to. */
  contractId: (template: string | null = null): Typed<string> => ({ kind: 'contractId', template }),
  time: (): Typed<string> => ({ kind: 'time' }),
  date: (): Typed<string> => ({ kind: 'date' }),
  optional: <TInner extends DamlType>(
    of: TInner,
  ): Typed<OptionalValue<TInner>> & { readonly kind: 'optional' } => ({
    kind: 'optional',
    of,
  }),
  list: <TItem>(of: Typed<TItem>): Typed<readonly TItem[]> => ({ kind: 'list', of }),
  textMap: <TItem>(of: Typed<TItem>): Typed<Readonly<Record<string, TItem>>> => ({
    kind: 'textMap',
    of,
  }),
  genMap: <TKey, TItem>(
    key: Typed<TKey>,
    value: Typed<TItem>,
  ): Typed<readonly (readonly [TKey, TItem])[]> => ({ kind: 'genMap', key, value }),
  record: <TFields extends FieldTypes>(
    fields: TFields,
    name: string | null = null,
  ): Typed<FieldValues<TFields>> => recordType(fields, name),
  variant: <TCases extends FieldTypes>(
    cases: TCases,
    name: string | null = null,
  ): Typed<VariantValue<TCases>> => variantType(cases, name),
  enum: <TValue extends string>(
    values: readonly TValue[],
    name: string | null = null,
  ): Typed<TValue> => {
    if (values.length === 0) throw new Error('an enum needs at least one value');
    return { kind: 'enum', name, values, valueSet: new Set(values) };
  },
  /** `DA.Time.Types:RelTime`, a duration in microseconds. */
  relTime: (): Typed<{ readonly microseconds: string }> =>
    recordType({ microseconds: { kind: 'int64' } }, 'DA.Time.Types:RelTime'),
  /**
   * A named type resolved on first use, for recursive types (a type that contains itself);
   * annotate the result, e.g. `const anyValue: Typed<AnyValue> = t.named('AnyValue', () => ...)`.
   */
  named: <TValue>(name: string, resolve: () => Typed<TValue>): Typed<TValue> => {
    let resolved: DamlType | undefined;
    return {
      kind: 'named',
      name,
      resolve: () => {
        resolved ??= resolve();
        return resolved;
      },
    };
  },
};
