import type { Type } from 'protobufjs';
import { loadProtoRoot } from '../interactive/proto-root.ts';

let types: { readonly versioned: Type; readonly transaction: Type } | null = null;

/** Canton's topology messages (our own .proto of them), loaded once, when first needed. */
function topologyTypes() {
  if (types === null) {
    const root = loadProtoRoot(new URL('./proto/topology.proto', import.meta.url));
    types = {
      versioned: root.lookupType('pocketnet.topology.UntypedVersionedMessage'),
      transaction: root.lookupType('pocketnet.topology.TopologyTransaction'),
    };
  }
  return types;
}

/** The protobuf version Canton's protocol version 34 serializes topology transactions with. */
export const topologyProtoVersion = 30;

export const cryptoKeyFormat = { der: 2, raw: 3, derX509Spki: 4 } as const;
export const signingKeyUsage = { namespace: 1, protocol: 4, proofOfOwnership: 5 } as const;
export const signingKeySpecEd25519 = 1;
export const signingKeySchemeEd25519 = 1;
export const topologyChangeOp = { addReplace: 1, remove: 2 } as const;
export const participantPermissions = { submission: 1, confirmation: 2, observation: 3 } as const;

export type ProtoSigningKey = {
  readonly format?: number;
  readonly publicKey?: Uint8Array;
  readonly scheme?: number;
  readonly usage?: readonly number[];
  readonly keySpec?: number;
};

export type ProtoHostingParticipant = {
  readonly participantUid?: string;
  readonly permission?: number;
  readonly onboarding?: object;
};

export type ProtoTopologyMapping = {
  readonly namespaceDelegation?: {
    readonly namespace?: string;
    readonly targetKey?: ProtoSigningKey;
    readonly isRootDelegation?: boolean;
    readonly canSignAllMappings?: object;
  };
  readonly partyToParticipant?: {
    readonly party?: string;
    readonly threshold?: number;
    readonly participants?: readonly ProtoHostingParticipant[];
    readonly partySigningKeys?: {
      readonly keys?: readonly ProtoSigningKey[];
      readonly threshold?: number;
    };
  };
  readonly partyToKeyMapping?: {
    readonly party?: string;
    readonly threshold?: number;
    readonly signingKeys?: readonly ProtoSigningKey[];
  };
};

export type ProtoTopologyTransaction = {
  readonly operation?: number;
  readonly serial?: number;
  readonly mapping?: ProtoTopologyMapping;
};

/** `UntypedVersionedMessage{data: TopologyTransaction, version: 30}`, as Canton serializes it. */
export function serializeTopologyTransaction(transaction: ProtoTopologyTransaction): Buffer {
  const { transaction: transactionType, versioned } = topologyTypes();
  const data = transactionType.encode(transactionType.fromObject(transaction)).finish();
  const wrapper = versioned.fromObject({ data, version: topologyProtoVersion });
  return Buffer.from(versioned.encode(wrapper).finish());
}

/** The topology transaction inside serialized bytes, or null if they are not one. */
export function parseTopologyTransaction(bytes: Uint8Array): ProtoTopologyTransaction | null {
  try {
    const { transaction: transactionType, versioned } = topologyTypes();
    const wrapper = versioned.toObject(versioned.decode(bytes)) as {
      data?: Uint8Array;
      version?: number;
    };
    if (wrapper.data === undefined || wrapper.version !== topologyProtoVersion) return null;
    return transactionType.toObject(transactionType.decode(wrapper.data), {
      longs: Number,
    }) as ProtoTopologyTransaction;
  } catch {
    return null;
  }
}
