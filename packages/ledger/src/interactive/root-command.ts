import type { Command, DisclosedContract } from '../commands.ts';
import { invalid } from './interactive-errors.ts';
import type { ProtoIdentifier, ProtoMetadata, ProtoTransaction } from './prepared-proto.ts';
import { fromProtoValue } from './proto-values.ts';

const templateIdOf = (identifier: ProtoIdentifier | undefined): string =>
  `${identifier?.packageId ?? ''}:${identifier?.moduleName ?? ''}:${identifier?.entityName ?? ''}`;

/**
 * The command a prepared transaction's single root node is the result of: a create, or an
 * exercise (through its interface, when it names one). Re-interpreting it is how execution
 * checks that the transaction is what the ledger would do.
 */
export function rootCommandOf(transaction: ProtoTransaction): Command {
  const roots = transaction.roots ?? [];
  if (roots.length !== 1) throw invalid('Transaction with multiple root nodes are not supported');
  const root = (transaction.nodes ?? []).find((node) => node.nodeId === roots[0])?.v1;
  if (root?.create !== undefined) {
    return {
      kind: 'create',
      templateId: templateIdOf(root.create.templateId),
      createArguments: fromProtoValue(root.create.argument ?? {}),
    };
  }
  if (root?.exercise !== undefined) {
    const exercise = root.exercise;
    return {
      kind: 'exercise',
      templateId: templateIdOf(exercise.interfaceId ?? exercise.templateId),
      contractId: exercise.contractId ?? '',
      choice: exercise.choiceId ?? '',
      choiceArgument: fromProtoValue(exercise.chosenValue ?? {}),
    };
  }
  throw invalid('The root node of a prepared transaction must be a create or an exercise node');
}

/** The input contracts of the metadata, disclosed again to the re-interpretation. */
export function disclosedInputsOf(metadata: ProtoMetadata): DisclosedContract[] {
  return (metadata.inputContracts ?? []).map((input) => ({
    templateId: null,
    contractId: input.v1?.contractId ?? '',
    createdEventBlob: Buffer.from(input.eventBlob ?? []).toString('base64'),
    synchronizerId: null,
  }));
}
