import type { ActiveContract } from '../contract.ts';
import { sha256Hex } from '../ids/hash.ts';
import { encodeContractBlob } from '../interpreter/contract-blob.ts';
import type { PackageRegistry } from '../packages/registry.ts';
import type { CreatedNode, ExercisedNode, TransactionNode } from '../transaction.ts';
import { parseTime } from '../values/time.ts';
import type { DamlType } from '../values/types.ts';
import type {
  ProtoCreate,
  ProtoIdentifier,
  ProtoMetadata,
  ProtoNode,
  ProtoPreparedTransaction,
  ProtoTransaction,
} from './prepared-proto.ts';
import { type ProtoValueContext, toProtoValue } from './proto-values.ts';

/** The Daml-LF version nodes and transactions of this node are written in. */
export const lfVersion = '2.1';
/** Canton's V1 contract ids before the suffix: `00` and the 32-byte discriminator. */
const unsuffixedLength = 66;

export type PreparedMetadataInput = {
  readonly actAs: readonly string[];
  readonly commandId: string;
  readonly transactionUuid: string;
  readonly synchronizerId: string;
  readonly preparationMicros: bigint;
  /** The interpretation's ledger time bounds (null: unconstrained), signed with the transaction. */
  readonly minLedgerEffectiveMicros: bigint | null;
  readonly maxLedgerEffectiveMicros: bigint | null;
  readonly maxRecordMicros: bigint | null;
};

export type PreparedTransactionInput = {
  readonly packages: PackageRegistry;
  readonly nodes: readonly TransactionNode[];
  readonly rootNodeIds: readonly number[];
  /** The seed the transaction's contract ids and node seeds derive from. */
  readonly seed: string;
  readonly inputContracts: readonly ActiveContract[];
  readonly metadata: PreparedMetadataInput;
};

/** The 32-byte seed of a node, as Canton's node seeds salt its views. */
export const nodeSeed = (seed: string, nodeId: number): Buffer =>
  Buffer.from(sha256Hex(['external-node-seed', seed, nodeId]), 'hex');

export function identifierOf(templateId: string): ProtoIdentifier {
  const [packageId = '', moduleName = '', entityName = ''] = templateId.split(':');
  return { packageId, moduleName, entityName };
}

const packageIdOf = (templateId: string) => templateId.slice(0, templateId.indexOf(':'));
const sortedUnique = (parties: readonly string[]) => [...new Set(parties)].sort();

function payloadType(packages: PackageRegistry, templateId: string): DamlType {
  const template = packages.templateById(templateId);
  if (template === undefined) throw new Error(`template ${templateId} is not loaded`);
  return template.definition.payloadType;
}

function createOf(
  packages: PackageRegistry,
  contract: Pick<
    CreatedNode,
    'contractId' | 'templateId' | 'packageName' | 'createArgument' | 'signatories' | 'observers'
  >,
  context: ProtoValueContext,
): ProtoCreate {
  return {
    lfVersion,
    contractId: context.contractId(contract.contractId),
    packageName: contract.packageName,
    templateId: identifierOf(contract.templateId),
    argument: toProtoValue(payloadType(packages, contract.templateId), contract.createArgument, {
      ...context,
      packageId: packageIdOf(contract.templateId),
    }),
    signatories: sortedUnique(contract.signatories),
    stakeholders: sortedUnique([...contract.signatories, ...contract.observers]),
  };
}

function choiceOf(packages: PackageRegistry, node: ExercisedNode) {
  const definition =
    node.interfaceId === null
      ? packages.templateById(node.templateId)?.definition
      : packages.resolveInterface(node.interfaceId).definition;
  const choice = definition?.choices.get(node.choice);
  if (definition === undefined || choice === undefined) {
    throw new Error(
      `choice ${node.choice} of ${node.interfaceId ?? node.templateId} is not loaded`,
    );
  }
  return { choice, module: definition.id.module };
}

function exerciseOf(
  packages: PackageRegistry,
  node: ExercisedNode,
  context: ProtoValueContext,
): ProtoNode {
  const { choice, module } = choiceOf(packages, node);
  const typeContext = { ...context, packageId: packageIdOf(node.interfaceId ?? node.templateId) };
  return {
    exercise: {
      lfVersion,
      contractId: context.contractId(node.contractId),
      packageName: node.packageName,
      templateId: identifierOf(node.templateId),
      signatories: sortedUnique(node.signatories),
      stakeholders: sortedUnique(node.stakeholders),
      actingParties: sortedUnique(node.actingParties),
      ...(node.interfaceId === null ? {} : { interfaceId: identifierOf(node.interfaceId) }),
      choiceId: node.choice,
      chosenValue: toProtoValue(
        choice.argumentType,
        node.choiceArgument,
        typeContext,
        `${module}:${node.choice}`,
      ),
      consuming: node.consuming,
      children: node.childNodeIds.map(String),
      exerciseResult: toProtoValue(choice.resultType, node.exerciseResult, typeContext),
      choiceObservers: [],
    },
  };
}

/** The DamlTransaction of interpreted nodes; created contracts appear without their suffix. */
export function damlTransactionOf(
  input: Pick<PreparedTransactionInput, 'packages' | 'nodes' | 'rootNodeIds' | 'seed'>,
): ProtoTransaction {
  const local = new Map<string, string>();
  for (const node of input.nodes) {
    if (node.kind === 'created')
      local.set(node.contractId, node.contractId.slice(0, unsuffixedLength));
  }
  const context: ProtoValueContext = {
    packageId: '',
    contractId: (contractId) => local.get(contractId) ?? contractId,
  };
  const { packages } = input;
  return {
    version: lfVersion,
    roots: input.rootNodeIds.map(String),
    nodes: input.nodes.map((node) => ({
      nodeId: String(node.nodeId),
      v1:
        node.kind === 'created'
          ? { create: createOf(packages, node, context) }
          : exerciseOf(packages, node, context),
    })),
    nodeSeeds: input.nodes.map((node) => ({
      nodeId: node.nodeId,
      seed: nodeSeed(input.seed, node.nodeId),
    })),
  };
}

function metadataOf(input: PreparedTransactionInput): ProtoMetadata {
  const { metadata, packages } = input;
  const asIs: ProtoValueContext = { packageId: '', contractId: (contractId) => contractId };
  const inputs = [...input.inputContracts].sort((a, b) => (a.contractId < b.contractId ? -1 : 1));
  return {
    submitterInfo: { actAs: sortedUnique(metadata.actAs), commandId: metadata.commandId },
    synchronizerId: metadata.synchronizerId,
    mediatorGroup: 0,
    transactionUuid: metadata.transactionUuid,
    preparationTime: String(metadata.preparationMicros),
    inputContracts: inputs.map((contract) => ({
      v1: createOf(packages, contract, asIs),
      createdAt: String(parseTime(contract.createdAt) ?? 0n),
      eventBlob: Buffer.from(encodeContractBlob(contract), 'base64'),
    })),
    ...(metadata.minLedgerEffectiveMicros === null
      ? {}
      : { minLedgerEffectiveTime: String(metadata.minLedgerEffectiveMicros) }),
    ...(metadata.maxLedgerEffectiveMicros === null
      ? {}
      : { maxLedgerEffectiveTime: String(metadata.maxLedgerEffectiveMicros) }),
    ...(metadata.maxRecordMicros === null
      ? {}
      : { maxRecordTime: String(metadata.maxRecordMicros) }),
  };
}

/** The PreparedTransaction a client signs: the interpreted transaction and its metadata. */
export function preparedTransactionOf(input: PreparedTransactionInput): ProtoPreparedTransaction {
  return { transaction: damlTransactionOf(input), metadata: metadataOf(input) };
}
