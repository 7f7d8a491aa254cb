import { getOperationAST, parse } from 'graphql';

type GraphQLParams = { readonly query?: unknown; readonly operationName?: unknown };

function operationsOf(body: Buffer, contentType: string): GraphQLParams[] {
  const text = body.toString('utf8');
  if (contentType.includes('application/graphql')) return [{ query: text }];
  try {
    const parsed = JSON.parse(text) as GraphQLParams | GraphQLParams[];
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [];
  }
}

function isMutation(params: GraphQLParams): boolean {
  if (typeof params.query !== 'string') return false;
  const operationName = typeof params.operationName === 'string' ? params.operationName : null;
  try {
    return getOperationAST(parse(params.query), operationName)?.operation === 'mutation';
  } catch {
    // Not a document: yoga answers it with the syntax error, wherever it is served.
    return false;
  }
}

/**
 * Whether a GraphQL request over POST runs a mutation (the operation it names, or its only
 * one; any of a batch), as graphql-js reads the document.
 */
export function isMutationRequest(body: Buffer, contentType: string): boolean {
  return operationsOf(body, contentType).some(isMutation);
}
