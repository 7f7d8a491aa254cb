// A terse way to write protobufjs reflection descriptors (INamespace JSON) by hand: our schema of the
// Daml-LF archive format lists only what we read, and a test checks it against the published .proto.
import type { INamespace } from 'protobufjs';

type FieldSpec =
  | readonly [id: number, type: string]
  | readonly [id: number, type: string, 'repeated'];

export type MessageSpec = {
  readonly fields: Readonly<Record<string, FieldSpec>>;
  /** Oneof name → member fields; protobufjs then tells which member is set. */
  readonly oneofs?: Readonly<Record<string, readonly string[]>>;
  readonly nested?: Readonly<Record<string, MessageSpec | EnumSpec>>;
};

export type EnumSpec = { readonly values: Readonly<Record<string, number>> };

type Descriptor = NonNullable<INamespace['nested']>[string];

export function message(
  fields: MessageSpec['fields'],
  extra: Omit<MessageSpec, 'fields'> = {},
): MessageSpec {
  return { fields, ...extra };
}

export function enumeration(names: readonly string[], numbers?: readonly number[]): EnumSpec {
  return { values: Object.fromEntries(names.map((name, i) => [name, numbers?.[i] ?? i])) };
}

/** Oneof members all with distinct types, listed as `name: [id, type]`, plus the oneof's name. */
export function descriptor(spec: MessageSpec | EnumSpec): Descriptor {
  if ('values' in spec) return { values: { ...spec.values } };
  const fields = Object.fromEntries(
    Object.entries(spec.fields).map(([name, [id, type, rule]]) => [
      name,
      rule === undefined ? { id, type } : { id, type, rule },
    ]),
  );
  const oneofs = Object.fromEntries(
    Object.entries(spec.oneofs ?? {}).map(([name, members]) => [name, { oneof: [...members] }]),
  );
  const nested = Object.fromEntries(
    Object.entries(spec.nested ?? {}).map(([name, inner]) => [name, descriptor(inner)]),
  );
  return { fields, oneofs, nested };
}
