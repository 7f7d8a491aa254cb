import { createHash } from 'node:crypto';
import type { ProtoIdentifier, ProtoValue } from './prepared-proto.ts';

// The deterministic encoding of Canton's hashing scheme (external_signing_hashing_algorithm):
// big-endian integers, length-prefixed bytes and lists, one tag byte per value kind, 0x00/0x01
// before optional parts. Every part is a Buffer; callers concatenate.

export const preparedTransactionPurpose = Buffer.from([0, 0, 0, 0x30]);

export function sha256(...parts: readonly Uint8Array[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

export const encodeBool = (value: boolean | undefined): Buffer => Buffer.from([value ? 1 : 0]);

export function encodeInt32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
}

/** A Java long: unsigned protobuf values wrap into the sign bit, as the specification says. */
export function encodeInt64(value: string | bigint | undefined): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64BE(BigInt.asIntN(64, BigInt(value ?? 0)));
  return bytes;
}

export const encodeBytes = (value: Uint8Array): Buffer =>
  Buffer.concat([encodeInt32(value.length), value]);

export const encodeString = (value: string | undefined): Buffer =>
  encodeBytes(Buffer.from(value ?? '', 'utf8'));

export const encodeHexString = (value: string | undefined): Buffer =>
  encodeBytes(Buffer.from(value ?? '', 'hex'));

export function encodeOptional<TValue>(
  value: TValue | undefined,
  encode: (present: TValue) => Buffer,
): Buffer {
  return value === undefined ? Buffer.from([0]) : Buffer.concat([Buffer.from([1]), encode(value)]);
}

export function encodeRepeated<TValue>(
  values: readonly TValue[] | undefined,
  encode: (value: TValue) => Buffer,
): Buffer {
  const list = values ?? [];
  return Buffer.concat([encodeInt32(list.length), ...list.map(encode)]);
}

export const encodeStrings = (values: readonly string[] | undefined): Buffer =>
  encodeRepeated(values, encodeString);

export function encodeIdentifier(identifier: ProtoIdentifier): Buffer {
  return Buffer.concat([
    encodeString(identifier.packageId),
    encodeStrings((identifier.moduleName ?? '').split('.')),
    encodeStrings((identifier.entityName ?? '').split('.')),
  ]);
}

const tagged = (tag: number, ...parts: Buffer[]) => Buffer.concat([Buffer.from([tag]), ...parts]);

function encodeScalar(value: ProtoValue): Buffer | null {
  if (value.unit !== undefined) return Buffer.from([0]);
  if (value.bool !== undefined) return tagged(1, encodeBool(value.bool));
  if (value.int64 !== undefined) return tagged(2, encodeInt64(value.int64));
  if (value.numeric !== undefined) return tagged(3, encodeString(value.numeric));
  if (value.timestamp !== undefined) return tagged(4, encodeInt64(value.timestamp));
  if (value.date !== undefined) return tagged(5, encodeInt32(value.date));
  if (value.party !== undefined) return tagged(6, encodeString(value.party));
  if (value.text !== undefined) return tagged(7, encodeString(value.text));
  if (value.contractId !== undefined) return tagged(8, encodeHexString(value.contractId));
  return null;
}

/** A Ledger API Value, tag byte first. */
export function encodeValue(value: ProtoValue): Buffer {
  const scalar = encodeScalar(value);
  if (scalar !== null) return scalar;
  if (value.optional !== undefined)
    return tagged(9, encodeOptional(value.optional.value, encodeValue));
  if (value.list !== undefined) return tagged(10, encodeRepeated(value.list.elements, encodeValue));
  if (value.textMap !== undefined) {
    return tagged(
      11,
      encodeRepeated(value.textMap.entries, (entry) =>
        Buffer.concat([encodeString(entry.key), encodeValue(entry.value ?? {})]),
      ),
    );
  }
  if (value.record !== undefined) {
    const { recordId, fields } = value.record;
    return tagged(
      12,
      encodeOptional(recordId, encodeIdentifier),
      encodeRepeated(fields, (field) =>
        Buffer.concat([
          encodeOptional(field.label ?? '', encodeString),
          encodeValue(field.value ?? {}),
        ]),
      ),
    );
  }
  if (value.variant !== undefined) {
    const variant = value.variant;
    return tagged(
      13,
      encodeOptional(variant.variantId, encodeIdentifier),
      encodeString(variant.constructor),
      encodeValue(variant.value ?? {}),
    );
  }
  if (value.enum !== undefined) {
    return tagged(
      14,
      encodeOptional(value.enum.enumId, encodeIdentifier),
      encodeString(value.enum.constructor),
    );
  }
  if (value.genMap !== undefined) {
    return tagged(
      15,
      encodeRepeated(value.genMap.entries, (entry) =>
        Buffer.concat([encodeValue(entry.key ?? {}), encodeValue(entry.value ?? {})]),
      ),
    );
  }
  throw new Error('a Value with no value set cannot be hashed');
}
