/**
 * Daml-LF types as data. Template fields, choice arguments and results are described with
 * these, so a value can be checked and normalised against its type at every boundary.
 */
export type RecordField = { readonly name: string; readonly type: DamlType };

export type DamlType =
  | { readonly kind: 'unit' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'text' }
  | { readonly kind: 'int64' }
  | { readonly kind: 'numeric'; readonly scale: number }
  | { readonly kind: 'party' }
  | { readonly kind: 'contractId'; readonly template: string | null }
  | { readonly kind: 'time' }
  | { readonly kind: 'date' }
  | { readonly kind: 'optional'; readonly of: DamlType }
  | { readonly kind: 'list'; readonly of: DamlType }
  | { readonly kind: 'textMap'; readonly of: DamlType }
  | { readonly kind: 'genMap'; readonly key: DamlType; readonly value: DamlType }
  | RecordType
  | VariantType
  | {
      readonly kind: 'enum';
      readonly name: string | null;
      readonly values: readonly string[];
      readonly valueSet: ReadonlySet<string>;
    }
  /** A named reference, resolved lazily so that a type can refer to itself. */
  | { readonly kind: 'named'; readonly name: string; readonly resolve: () => DamlType };

export type RecordType = {
  readonly kind: 'record';
  readonly name: string | null;
  readonly fields: readonly RecordField[];
  readonly fieldTypes: ReadonlyMap<string, DamlType>;
  /**
   * Every field null, in declared order. Record values are spread from it: V8 then gives them
   * room for every field in the object itself, where adding fields one by one to `{}` puts
   * those past the fourth in a separate property array (40 bytes more for five fields).
   */
  readonly blank: { readonly [field: string]: null };
};

export type VariantType = {
  readonly kind: 'variant';
  readonly name: string | null;
  readonly cases: readonly RecordField[];
  readonly caseTypes: ReadonlyMap<string, DamlType>;
};

export type DamlTypeKind = DamlType['kind'];

/**
 * Carries, for the compiler only, the TypeScript type of a descriptor's values; no descriptor
 * has this property at run time. A named (string) key, so that declarations of exported
 * templates in other packages can spell the type.
 */
export type ValueTypeMarker<TValue> = { readonly __valueType?: TValue };

/**
 * A type descriptor that also carries, for the compiler only, the TypeScript type of its
 * normalised values, so template bodies see typed payloads and arguments.
 */
export type Typed<TValue> = DamlType & ValueTypeMarker<TValue>;

/** The TypeScript type of the values of a typed descriptor (`unknown` for an untyped one). */
export type Infer<TType> = TType extends ValueTypeMarker<infer TValue> ? TValue : unknown;

export type FieldTypes = { readonly [field: string]: DamlType };

/** The record value described by a set of field types. */
export type FieldValues<TFields extends FieldTypes> = {
  readonly [TField in keyof TFields]: Infer<TFields[TField]>;
};

const typeKinds: ReadonlySet<string> = new Set<DamlTypeKind>([
  'unit',
  'bool',
  'text',
  'int64',
  'numeric',
  'party',
  'contractId',
  'time',
  'date',
  'optional',
  'list',
  'textMap',
  'genMap',
  'record',
  'variant',
  'enum',
  'named',
]);

/** True for a type descriptor, false for a plain object of field types. */
export function isDamlType(candidate: DamlType | FieldTypes): candidate is DamlType {
  const kind: unknown = candidate.kind;
  return typeof kind === 'string' && typeKinds.has(kind);
}
