import { invalidArgument } from '../errors.ts';
import { cantonHash, hashPurposes } from './canton-hash.ts';
import { ed25519Spki, type SigningKey, signingKeyOf } from './signing-keys.ts';
import {
  cryptoKeyFormat,
  type ProtoSigningKey,
  type ProtoTopologyMapping,
  parseTopologyTransaction,
  participantPermissions,
  serializeTopologyTransaction,
  signingKeySchemeEd25519,
  signingKeySpecEd25519,
  signingKeyUsage,
  topologyChangeOp,
} from './topology-proto.ts';

export type HostingPermission = 'submission' | 'confirmation' | 'observation';

export type HostingParticipant = {
  readonly participantUid: string;
  readonly permission: HostingPermission;
};

export type TopologyMapping =
  | {
      readonly kind: 'namespaceDelegation';
      readonly namespace: string;
      readonly targetKey: SigningKey;
    }
  | {
      readonly kind: 'partyToParticipant';
      readonly party: string;
      readonly threshold: number;
      readonly participants: readonly HostingParticipant[];
      readonly signingKeys: {
        readonly keys: readonly SigningKey[];
        readonly threshold: number;
      } | null;
    }
  | {
      readonly kind: 'partyToKeyMapping';
      readonly party: string;
      readonly threshold: number;
      readonly keys: readonly SigningKey[];
    };

/** A serialized topology transaction with its hash and what it says. */
export type TopologyTransaction = {
  readonly bytes: Buffer;
  /** The 34-byte multihash a signature of this transaction alone covers. */
  readonly hash: Buffer;
  readonly serial: number;
  readonly mapping: TopologyMapping;
};

const protoKey = (key: SigningKey, usage: number): ProtoSigningKey => ({
  format: cryptoKeyFormat.derX509Spki,
  publicKey: ed25519Spki(Buffer.from(key.publicKey, 'hex')),
  scheme: signingKeySchemeEd25519,
  usage: [usage],
  keySpec: signingKeySpecEd25519,
});

function toProtoMapping(mapping: TopologyMapping): ProtoTopologyMapping {
  switch (mapping.kind) {
    case 'namespaceDelegation':
      return {
        namespaceDelegation: {
          namespace: mapping.namespace,
          targetKey: protoKey(mapping.targetKey, signingKeyUsage.namespace),
          isRootDelegation: true,
          canSignAllMappings: {},
        },
      };
    case 'partyToParticipant':
      return {
        partyToParticipant: {
          party: mapping.party,
          threshold: mapping.threshold,
          participants: mapping.participants.map((hosting) => ({
            participantUid: hosting.participantUid,
            permission: participantPermissions[hosting.permission],
          })),
          ...(mapping.signingKeys === null
            ? {}
            : {
                partySigningKeys: {
                  keys: mapping.signingKeys.keys.map((key) =>
                    protoKey(key, signingKeyUsage.protocol),
                  ),
                  threshold: mapping.signingKeys.threshold,
                },
              }),
        },
      };
    case 'partyToKeyMapping':
      return {
        partyToKeyMapping: {
          party: mapping.party,
          threshold: mapping.threshold,
          signingKeys: mapping.keys.map((key) => protoKey(key, signingKeyUsage.protocol)),
        },
      };
  }
}

function withHash(bytes: Buffer, serial: number, mapping: TopologyMapping): TopologyTransaction {
  return { bytes, hash: cantonHash(hashPurposes.topologyTransaction, bytes), serial, mapping };
}

/** An add-or-replace topology transaction of `mapping`, serialized as Canton does. */
export function topologyTransaction(mapping: TopologyMapping, serial = 1): TopologyTransaction {
  const bytes = serializeTopologyTransaction({
    operation: topologyChangeOp.addReplace,
    serial,
    mapping: toProtoMapping(mapping),
  });
  return withHash(bytes, serial, mapping);
}

const permissionNames = new Map<number, HostingPermission>([
  [participantPermissions.submission, 'submission'],
  [participantPermissions.confirmation, 'confirmation'],
  [participantPermissions.observation, 'observation'],
]);

function keyOf(key: ProtoSigningKey | undefined): SigningKey {
  if (key?.publicKey === undefined) throw invalidArgument('A topology signing key has no key data');
  if ((key.keySpec ?? signingKeySpecEd25519) !== signingKeySpecEd25519) {
    throw invalidArgument('Only Ed25519 (SIGNING_KEY_SPEC_EC_CURVE25519) party keys are supported');
  }
  return signingKeyOf(key.publicKey);
}

function fromProtoMapping(mapping: ProtoTopologyMapping | undefined): TopologyMapping {
  const { namespaceDelegation: delegation, partyToParticipant: hosting } = mapping ?? {};
  if (delegation !== undefined) {
    return {
      kind: 'namespaceDelegation',
      namespace: delegation.namespace ?? '',
      targetKey: keyOf(delegation.targetKey),
    };
  }
  if (hosting !== undefined) {
    const keys = hosting.partySigningKeys;
    return {
      kind: 'partyToParticipant',
      party: hosting.party ?? '',
      threshold: hosting.threshold ?? 0,
      participants: (hosting.participants ?? []).map((participant) => ({
        participantUid: participant.participantUid ?? '',
        permission: permissionNames.get(participant.permission ?? 0) ?? 'observation',
      })),
      signingKeys:
        keys === undefined
          ? null
          : { keys: (keys.keys ?? []).map(keyOf), threshold: keys.threshold ?? 0 },
    };
  }
  const keyMapping = mapping?.partyToKeyMapping;
  if (keyMapping === undefined) {
    throw invalidArgument(
      'Unsupported topology mapping: onboarding an external party takes NamespaceDelegation, PartyToParticipant and PartyToKeyMapping transactions',
    );
  }
  return {
    kind: 'partyToKeyMapping',
    party: keyMapping.party ?? '',
    threshold: keyMapping.threshold ?? 0,
    keys: (keyMapping.signingKeys ?? []).map(keyOf),
  };
}

/** Decodes a serialized (versioned) topology transaction; INVALID_ARGUMENT if it is not one. */
export function decodeTopologyTransaction(bytes: Buffer): TopologyTransaction {
  const parsed = parseTopologyTransaction(bytes);
  if (parsed === null) {
    throw invalidArgument('The onboarding transaction is not a serialized topology transaction');
  }
  if ((parsed.operation ?? 0) !== topologyChangeOp.addReplace) {
    throw invalidArgument('Only add-or-replace topology transactions can onboard a party');
  }
  return withHash(bytes, parsed.serial ?? 0, fromProtoMapping(parsed.mapping));
}
