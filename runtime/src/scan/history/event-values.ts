import type {
  ChoiceDefinition,
  CreatedNode,
  DamlType,
  ExercisedNode,
  PackageRegistry,
  Value,
} from '@pocketnet/ledger';
import { type ProtobufValue, toProtobufValue } from './protobuf-value.ts';

/** How Daml values are rendered: Splice's `DamlValueEncoding`. */
export type DamlValueEncoding = 'compact_json' | 'protobuf_json';

export type EventValues = ReturnType<typeof createEventValues>;

type Encoded = Value | ProtobufValue;

/**
 * The values of an event in either encoding. compact_json is the ledger's own form, passed
 * through; protobuf_json needs the Daml types, found by template and choice. A value whose
 * type is unknown gets Splice's fallback shape, `{ error, value }`.
 */
export function createEventValues(packages: PackageRegistry) {
  const choices = new Map<string, ChoiceDefinition | null>();
  const choiceOf = (node: ExercisedNode): ChoiceDefinition | null => {
    const owner = node.interfaceId ?? node.templateId;
    const key = `${owner}#${node.choice}`;
    let found = choices.get(key);
    if (found === undefined) {
      const entity = node.interfaceId
        ? packages.resolve(node.interfaceId)
        : packages.templateById(node.templateId);
      found = entity?.definition.choices.get(node.choice) ?? null;
      choices.set(key, found);
    }
    return found;
  };
  const encode = (value: Value, type: DamlType | undefined, what: string): Encoded => {
    if (type === undefined) return { error: `No type known for the ${what}`, value };
    return toProtobufValue(value, type);
  };
  return {
    createArguments(node: CreatedNode, encoding: DamlValueEncoding): Encoded {
      if (encoding === 'compact_json') return node.createArgument;
      const type = packages.templateById(node.templateId)?.definition.payloadType;
      return encode(node.createArgument, type, `contract payload of ${node.templateId}`);
    },
    choiceArgument(node: ExercisedNode, encoding: DamlValueEncoding): Encoded {
      if (encoding === 'compact_json') return node.choiceArgument;
      return encode(
        node.choiceArgument,
        choiceOf(node)?.argumentType,
        `argument of ${node.choice}`,
      );
    },
    exerciseResult(node: ExercisedNode, encoding: DamlValueEncoding): Encoded {
      if (encoding === 'compact_json') return node.exerciseResult;
      return encode(node.exerciseResult, choiceOf(node)?.resultType, `result of ${node.choice}`);
    },
  };
}
