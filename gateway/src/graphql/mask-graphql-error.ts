import { isDomainError } from '@pocketnet/runtime';
import { GraphQLError } from 'graphql';
import { maskError } from 'graphql-yoga';
import { graphqlErrorStatus } from './graphql-error-status.ts';

/** The error a resolver threw, under the GraphQLError that graphql-js wrapped it in. */
function causeOf(error: unknown): unknown {
  let cause = error;
  while (cause instanceof GraphQLError && cause.originalError != null) cause = cause.originalError;
  return cause;
}

/**
 * yoga's `maskError`: a DomainError becomes a GraphQLError with its message, `extensions.code`
 * and the HTTP status of its code (in `extensions.http`, which yoga turns into the response's
 * status, and in `extensions.status`, which every transport shows). GraphQL's own errors
 * (syntax, validation, limits) pass; anything else is masked by yoga's default, with 500.
 */
export function maskGraphQLError(error: unknown, message: string, isDev?: boolean): Error {
  const cause = causeOf(error);
  if (isDomainError(cause)) {
    const status = graphqlErrorStatus[cause.code];
    const located = error instanceof GraphQLError ? error : undefined;
    return new GraphQLError(cause.message, {
      ...(located ? { nodes: located.nodes, path: located.path, source: located.source } : {}),
      ...(located?.positions ? { positions: located.positions } : {}),
      originalError: cause,
      extensions: { code: cause.code, status, details: cause.details, http: { status } },
    });
  }
  const masked = maskError(error, message, isDev);
  if (masked === error || !(masked instanceof GraphQLError)) return masked;
  // A bug: yoga's generic message, and the status of a server failure.
  return new GraphQLError(masked.message, {
    nodes: masked.nodes,
    path: masked.path,
    source: masked.source,
    ...(masked.positions ? { positions: masked.positions } : {}),
    extensions: { ...masked.extensions, status: 500, http: { status: 500 } },
  });
}
