import { DomainError } from '../errors.ts';
import {
  encodeBool,
  encodeHexString,
  encodeIdentifier,
  encodeInt32,
  encodeInt64,
  encodeOptional,
  encodeRepeated,
  encodeString,
  encodeStrings,
  encodeValue,
  preparedTransactionPurpose,
  sha256,
} from './hash-encoding.ts';
import type {
  ProtoCreate,
  ProtoExercise,
  ProtoFetch,
  ProtoInputContract,
  ProtoMetadata,
  ProtoNode,
  ProtoPreparedTransaction,
  ProtoTransaction,
} from './prepared-proto.ts';

// Canton's hashing scheme V2 of a PreparedTransaction: a sha256 over the purpose, the scheme
// version and the hashes of the transaction (node by node, children hashed into parents) and
// of the metadata. Implemented from the published algorithm, field by field.

const nodeEncodingVersion = Buffer.from([1]);
const schemeVersionV2 = Buffer.from([2]);

type Nodes = {
  readonly byId: ReadonlyMap<string, ProtoNode>;
  readonly seeds: ReadonlyMap<string, Buffer>;
};

const malformed = (message: string) =>
  new DomainError('INVALID_ARGUMENT', `The prepared transaction cannot be hashed: ${message}`);

function encodeCreate(create: ProtoCreate, seed: Buffer | undefined): Buffer {
  return Buffer.concat([
    nodeEncodingVersion,
    encodeString(create.lfVersion),
    Buffer.from([0]),
    encodeOptional(seed, (bytes) => bytes),
    encodeHexString(create.contractId),
    encodeString(create.packageName),
    encodeIdentifier(create.templateId ?? {}),
    encodeValue(create.argument ?? {}),
    encodeStrings(create.signatories),
    encodeStrings(create.stakeholders),
  ]);
}

function encodeExercise(exercise: ProtoExercise, seed: Buffer | undefined, nodes: Nodes): Buffer {
  if (seed === undefined) throw malformed('an exercise node has no node seed');
  return Buffer.concat([
    nodeEncodingVersion,
    encodeString(exercise.lfVersion),
    Buffer.from([1]),
    seed,
    encodeHexString(exercise.contractId),
    encodeString(exercise.packageName),
    encodeIdentifier(exercise.templateId ?? {}),
    encodeStrings(exercise.signatories),
    encodeStrings(exercise.stakeholders),
    encodeStrings(exercise.actingParties),
    encodeOptional(exercise.interfaceId, encodeIdentifier),
    encodeString(exercise.choiceId),
    encodeValue(exercise.chosenValue ?? {}),
    encodeBool(exercise.consuming),
    encodeOptional(exercise.exerciseResult, encodeValue),
    encodeStrings(exercise.choiceObservers),
    encodeRepeated(exercise.children, (child) => hashNode(child, nodes)),
  ]);
}

function encodeFetch(fetch: ProtoFetch): Buffer {
  return Buffer.concat([
    nodeEncodingVersion,
    encodeString(fetch.lfVersion),
    Buffer.from([2]),
    encodeHexString(fetch.contractId),
    encodeString(fetch.packageName),
    encodeIdentifier(fetch.templateId ?? {}),
    encodeStrings(fetch.signatories),
    encodeStrings(fetch.stakeholders),
    encodeOptional(fetch.interfaceId, encodeIdentifier),
    encodeStrings(fetch.actingParties),
  ]);
}

/** sha256 of a node's encoding, found by id: how parents and the roots refer to it. */
function hashNode(nodeId: string, nodes: Nodes): Buffer {
  const node = nodes.byId.get(nodeId);
  if (node === undefined) throw malformed(`node ${nodeId} is referenced but missing`);
  const seed = nodes.seeds.get(nodeId);
  if (node.create !== undefined) return sha256(encodeCreate(node.create, seed));
  if (node.exercise !== undefined) return sha256(encodeExercise(node.exercise, seed, nodes));
  if (node.fetch !== undefined) return sha256(encodeFetch(node.fetch));
  if (node.rollback !== undefined) {
    const children = encodeRepeated(node.rollback.children, (child) => hashNode(child, nodes));
    return sha256(Buffer.concat([nodeEncodingVersion, Buffer.from([3]), children]));
  }
  throw malformed(`node ${nodeId} has no node type`);
}

function nodesOf(transaction: ProtoTransaction): Nodes {
  const byId = new Map<string, ProtoNode>();
  for (const node of transaction.nodes ?? []) {
    if (node.v1 === undefined) throw malformed(`node ${node.nodeId} has an unsupported version`);
    byId.set(node.nodeId ?? '', node.v1);
  }
  const seeds = new Map<string, Buffer>();
  for (const seed of transaction.nodeSeeds ?? []) {
    seeds.set(String(seed.nodeId ?? 0), Buffer.from(seed.seed ?? []));
  }
  return { byId, seeds };
}

/** The hash of the transaction part alone. */
export function hashTransactionV2(transaction: ProtoTransaction): Buffer {
  const nodes = nodesOf(transaction);
  const encoded = Buffer.concat([
    encodeString(transaction.version),
    encodeRepeated(transaction.roots, (root) => hashNode(root, nodes)),
  ]);
  return sha256(preparedTransactionPurpose, encoded);
}

function encodeInputContract(contract: ProtoInputContract): Buffer {
  if (contract.v1 === undefined) throw malformed('an input contract has no v1 create node');
  return Buffer.concat([
    encodeInt64(contract.createdAt),
    sha256(encodeCreate(contract.v1, undefined)),
  ]);
}

/** The hash of the metadata part alone. */
export function hashMetadataV2(metadata: ProtoMetadata): Buffer {
  const encoded = Buffer.concat([
    Buffer.from([1]),
    encodeStrings(metadata.submitterInfo?.actAs),
    encodeString(metadata.submitterInfo?.commandId),
    encodeString(metadata.transactionUuid),
    encodeInt32(metadata.mediatorGroup ?? 0),
    encodeString(metadata.synchronizerId),
    encodeOptional(metadata.minLedgerEffectiveTime, encodeInt64),
    encodeOptional(metadata.maxLedgerEffectiveTime, encodeInt64),
    encodeInt64(metadata.preparationTime),
    encodeRepeated(metadata.inputContracts, encodeInputContract),
  ]);
  return sha256(preparedTransactionPurpose, encoded);
}

/** The 32-byte hash an external party signs to authorize a prepared transaction. */
export function hashPreparedTransactionV2(prepared: ProtoPreparedTransaction): Buffer {
  return sha256(
    preparedTransactionPurpose,
    schemeVersionV2,
    hashTransactionV2(prepared.transaction ?? {}),
    hashMetadataV2(prepared.metadata ?? {}),
  );
}
