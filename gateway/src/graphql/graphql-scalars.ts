import { type ConstValueNode, GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const invalid = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

/** A JSON literal written inline in a query, as the value it denotes. */
function jsonOfLiteral(ast: ConstValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return ast.values.map(jsonOfLiteral);
    case Kind.OBJECT:
      return Object.fromEntries(
        ast.fields.map((field) => [field.name.value, jsonOfLiteral(field.value)]),
      );
  }
}

const offsetOf = (value: unknown): number => {
  const offset = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    throw invalid(`An offset is a non-negative integer, not ${JSON.stringify(value)}`);
  }
  return offset;
};

const numericPattern = /^-?\d+(\.\d{1,10})?$/;
const numericOf = (value: unknown): string => {
  if (typeof value !== 'string' || !numericPattern.test(value)) {
    throw invalid(`A Numeric is a decimal string with at most 10 decimals, not ${String(value)}`);
  }
  return value;
};

const timestampOf = (value: unknown): string => {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
    throw invalid(`A Timestamp is an ISO-8601 string, not ${String(value)}`);
  }
  return value;
};

const stringLiteral = (ast: ConstValueNode): unknown =>
  ast.kind === Kind.STRING ? ast.value : null;

/** The custom scalars of the SDL's scalars part. */
export const graphqlScalars = {
  JSON: new GraphQLScalarType({
    name: 'JSON',
    coerceOutputValue: (value) => value,
    coerceInputValue: (value) => value,
    coerceInputLiteral: jsonOfLiteral,
  }),
  Offset: new GraphQLScalarType({
    name: 'Offset',
    coerceOutputValue: offsetOf,
    coerceInputValue: offsetOf,
    coerceInputLiteral: (ast) =>
      offsetOf(ast.kind === Kind.INT ? Number(ast.value) : stringLiteral(ast)),
  }),
  Numeric: new GraphQLScalarType({
    name: 'Numeric',
    coerceOutputValue: String,
    coerceInputValue: numericOf,
    coerceInputLiteral: (ast) => numericOf(stringLiteral(ast)),
  }),
  Timestamp: new GraphQLScalarType({
    name: 'Timestamp',
    coerceOutputValue: String,
    coerceInputValue: timestampOf,
    coerceInputLiteral: (ast) => timestampOf(stringLiteral(ast)),
  }),
};
