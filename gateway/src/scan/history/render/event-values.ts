import type { CreatedNode, DamlType, ExercisedNode, Value } from '@pocketnet/ledger';
import type { EventValueTypes } from '@pocketnet/runtime';
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
export function createEventValues(types: EventValueTypes) {
  const { choiceOf } = types;
  const encode = (value: Value, type: DamlType | undefined, what: string): Encoded => {
    if (type === undefined) return { error: `No type known for the ${what}`, value };
    return toProtobufValue(value, type);
  };
  return {
    createArguments(node: CreatedNode, encoding: DamlValueEncoding): Encoded {
      if (encoding === 'compact_json') return node.createArgument;
      const type = types.payloadType(node.templateId);
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
