import type { Type } from 'protobufjs';
import { loadProtoRoot } from './proto-root.ts';

let preparedType: Type | null = null;

/** Canton's PreparedTransaction message (our own .proto of it), loaded once, when first needed. */
function preparedTransactionType(): Type {
  preparedType ??= loadProtoRoot(
    new URL('./proto/prepared-transaction.proto', import.meta.url),
  ).lookupType('pocketnet.interactive.PreparedTransaction');
  return preparedType;
}

// The decoded messages as plain objects: unset fields are absent (so presence can be told),
// 64-bit integers are decimal strings, bytes are Uint8Arrays.

export type ProtoIdentifier = {
  readonly packageId?: string;
  readonly moduleName?: string;
  readonly entityName?: string;
};

export type ProtoValue = {
  readonly unit?: object;
  readonly bool?: boolean;
  readonly int64?: string;
  readonly date?: number;
  readonly timestamp?: string;
  readonly numeric?: string;
  readonly party?: string;
  readonly text?: string;
  readonly contractId?: string;
  readonly optional?: { readonly value?: ProtoValue };
  readonly list?: { readonly elements?: readonly ProtoValue[] };
  readonly textMap?: { readonly entries?: readonly { key?: string; value?: ProtoValue }[] };
  readonly genMap?: { readonly entries?: readonly { key?: ProtoValue; value?: ProtoValue }[] };
  readonly record?: {
    readonly recordId?: ProtoIdentifier;
    readonly fields?: readonly { readonly label?: string; readonly value?: ProtoValue }[];
  };
  readonly variant?: {
    readonly variantId?: ProtoIdentifier;
    readonly constructor?: string;
    readonly value?: ProtoValue;
  };
  readonly enum?: { readonly enumId?: ProtoIdentifier; readonly constructor?: string };
};

export type ProtoCreate = {
  readonly lfVersion?: string;
  readonly contractId?: string;
  readonly packageName?: string;
  readonly templateId?: ProtoIdentifier;
  readonly argument?: ProtoValue;
  readonly signatories?: readonly string[];
  readonly stakeholders?: readonly string[];
};

export type ProtoExercise = {
  readonly lfVersion?: string;
  readonly contractId?: string;
  readonly packageName?: string;
  readonly templateId?: ProtoIdentifier;
  readonly signatories?: readonly string[];
  readonly stakeholders?: readonly string[];
  readonly actingParties?: readonly string[];
  readonly interfaceId?: ProtoIdentifier;
  readonly choiceId?: string;
  readonly chosenValue?: ProtoValue;
  readonly consuming?: boolean;
  readonly children?: readonly string[];
  readonly exerciseResult?: ProtoValue;
  readonly choiceObservers?: readonly string[];
};

export type ProtoFetch = Omit<
  ProtoExercise,
  'choiceId' | 'chosenValue' | 'consuming' | 'children' | 'exerciseResult' | 'choiceObservers'
>;

export type ProtoNode = {
  readonly create?: ProtoCreate;
  readonly fetch?: ProtoFetch;
  readonly exercise?: ProtoExercise;
  readonly rollback?: { readonly children?: readonly string[] };
};

export type ProtoTransaction = {
  readonly version?: string;
  readonly roots?: readonly string[];
  readonly nodes?: readonly { readonly nodeId?: string; readonly v1?: ProtoNode }[];
  readonly nodeSeeds?: readonly { readonly nodeId?: number; readonly seed?: Uint8Array }[];
};

export type ProtoInputContract = {
  readonly v1?: ProtoCreate;
  readonly createdAt?: string;
  readonly eventBlob?: Uint8Array;
};

export type ProtoMetadata = {
  readonly submitterInfo?: { readonly actAs?: readonly string[]; readonly commandId?: string };
  readonly synchronizerId?: string;
  readonly mediatorGroup?: number;
  readonly transactionUuid?: string;
  readonly preparationTime?: string;
  readonly inputContracts?: readonly ProtoInputContract[];
  readonly minLedgerEffectiveTime?: string;
  readonly maxLedgerEffectiveTime?: string;
  readonly maxRecordTime?: string;
};

export type ProtoPreparedTransaction = {
  readonly transaction?: ProtoTransaction;
  readonly metadata?: ProtoMetadata;
};

export function encodePreparedTransaction(prepared: ProtoPreparedTransaction): Buffer {
  const type = preparedTransactionType();
  return Buffer.from(type.encode(type.fromObject(prepared)).finish());
}

/** The prepared transaction in `bytes`, or null when they do not decode as one. */
export function decodePreparedTransaction(bytes: Uint8Array): ProtoPreparedTransaction | null {
  try {
    const type = preparedTransactionType();
    return type.toObject(type.decode(bytes), { longs: String }) as ProtoPreparedTransaction;
  } catch {
    return null;
  }
}
