import {
  type FieldNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { defaultQueryLimits, type QueryLimits } from './query-limits.ts';

/** How deep, how many fields (per parent), and the page size bounding the next list below. */
type Measure = { depth: number; weight: number; pageSize: number | null };
type Walk = {
  readonly context: ValidationContext;
  readonly limits: QueryLimits;
  readonly fragments: Set<string>;
};

/**
 * The `pageSize` of a field: its literal, the most a variable may ask for, or the SDL's default.
 */
function pageSizeOf(
  field: FieldNode,
  definition: GraphQLField<unknown, unknown>,
  limits: QueryLimits,
) {
  const argument = field.arguments?.find((candidate) => candidate.name.value === 'pageSize');
  if (argument !== undefined) {
    return argument.value.kind === Kind.INT ? Number(argument.value.value) : limits.maxPageSize;
  }
  const fallback = definition.args.find((candidate) => candidate.name === 'pageSize')?.default;
  if (fallback === undefined) return null;
  if ('value' in fallback && typeof fallback.value === 'number') return fallback.value;
  return fallback.literal?.kind === Kind.INT ? Number(fallback.literal.value) : null;
}

/** What lies below a field with a selection set. */
function measureField(field: FieldNode, parent: GraphQLNamedType, at: Measure, walk: Walk) {
  // Introspection (__schema, __type) is bounded by the schema, and GraphiQL needs it deep.
  if (field.name.value.startsWith('__')) return { depth: at.depth, cost: 0 };
  const definition =
    isObjectType(parent) || isInterfaceType(parent)
      ? parent.getFields()[field.name.value]
      : undefined;
  if (definition === undefined || field.selectionSet === undefined) {
    return { depth: at.depth, cost: 0 };
  }
  const pageSize = pageSizeOf(field, definition, walk.limits) ?? at.pageSize;
  const isList = isListType(getNullableType(definition.type));
  const items = isList ? (pageSize ?? walk.limits.assumedListSize) : 1;
  const below = {
    depth: at.depth + 1,
    weight: at.weight * items,
    pageSize: isList ? null : pageSize,
  };
  return measureSelections(field.selectionSet, getNamedType(definition.type), below, walk);
}

/** The deepest nesting and the field count of a selection set of `type`. */
function measureSelections(
  selections: SelectionSetNode,
  type: GraphQLNamedType,
  at: Measure,
  walk: Walk,
): { depth: number; cost: number } {
  let depth = at.depth;
  let cost = 0;
  const add = (measured: { depth: number; cost: number }) => {
    depth = Math.max(depth, measured.depth);
    cost += measured.cost;
  };
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!selection.name.value.startsWith('__')) cost += at.weight;
      if (selection.selectionSet) add(measureField(selection, type, at, walk));
      continue;
    }
    const fragment =
      selection.kind === Kind.INLINE_FRAGMENT
        ? selection
        : walk.context.getFragment(selection.name.value);
    if (fragment == null) continue;
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      // A fragment that spreads itself is another rule's error; count it once.
      if (walk.fragments.has(selection.name.value)) continue;
      walk.fragments.add(selection.name.value);
    }
    const condition = fragment.typeCondition?.name.value;
    const narrowed = condition ? walk.context.getSchema().getType(condition) : type;
    add(measureSelections(fragment.selectionSet, narrowed ?? type, at, walk));
  }
  return { depth, cost };
}

/** The fields a selection set runs at its own level, its fragments' included (once each). */
function countFields(
  selections: SelectionSetNode,
  context: ValidationContext,
  seen: Set<string>,
): number {
  let count = 0;
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) {
      count += selection.name.value.startsWith('__') ? 0 : 1;
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      if (seen.has(selection.name.value)) continue;
      seen.add(selection.name.value);
    }
    const fragment =
      selection.kind === Kind.INLINE_FRAGMENT
        ? selection
        : context.getFragment(selection.name.value);
    if (fragment != null) count += countFields(fragment.selectionSet, context, seen);
  }
  return count;
}

const limitError = (message: string, code: string, operation: OperationDefinitionNode) =>
  new GraphQLError(message, {
    nodes: operation,
    extensions: { code, status: 400, http: { status: 400 } },
  });

/**
 * A validation rule that refuses operations nested deeper than `maxDepth`, whose result could
 * hold more than `maxCost` fields, or mutations of more than `maxMutationFields` root fields,
 * before anything executes.
 */
export function createQueryLimitsRule(limits: QueryLimits = defaultQueryLimits): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const root = context.getSchema().getRootType(operation.operation);
      if (!root) return;
      const walk = { context, limits, fragments: new Set<string>() };
      const start = { depth: 1, weight: 1, pageSize: null };
      const { depth, cost } = measureSelections(operation.selectionSet, root, start, walk);
      if (depth > limits.maxDepth) {
        const message = `The operation nests ${depth} levels deep; at most ${limits.maxDepth} are allowed`;
        context.reportError(limitError(message, 'QUERY_TOO_DEEP', operation));
      }
      if (operation.operation === 'mutation') {
        const fields = countFields(operation.selectionSet, context, new Set());
        if (fields > limits.maxMutationFields) {
          const message = `The mutation runs ${fields} fields; at most ${limits.maxMutationFields} are allowed in one request`;
          context.reportError(limitError(message, 'MUTATION_TOO_LARGE', operation));
        }
      }
      if (cost > limits.maxCost) {
        const message = `The operation may return about ${cost} fields; at most ${limits.maxCost} are allowed`;
        context.reportError(limitError(message, 'QUERY_TOO_COSTLY', operation));
      }
    },
  });
}
