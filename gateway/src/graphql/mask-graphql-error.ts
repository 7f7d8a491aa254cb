import { isDomainError } from '@pocketnet/ledger';
import { GraphQLError } from 'graphql';
import { maskError } from 'graphql-yoga';
import type { Logger } from 'pino';
import { callerMessageOf } from '../http/caller-message.ts';
import { graphqlErrorStatus } from './graphql-error-status.ts';

/** The error a resolver threw, under the GraphQLError that graphql-js wrapped it in. */
function causeOf(error: unknown): unknown {
  let cause = error;
  while (cause instanceof GraphQLError && cause.originalError != null) cause = cause.originalError;
  return cause;
}

type MaskError = (error: unknown, message: string, isDev?: boolean) => Error;

/**
 * yoga's `maskError`: a DomainError becomes a GraphQLError with its message, `extensions.code`
 * and the HTTP status of its code (in `extensions.http`, which yoga turns into the response's
 * status, and in `extensions.status`, which every transport shows); a refused token says why
 * only in `logger`'s log. GraphQL's own errors (syntax, validation, limits) pass; anything else
 * is masked by yoga's default, with 500.
 */
export function createGraphQLErrorMask(logger?: Pick<Logger, 'info'>): MaskError {
  return (error, message, isDev) => {
    const cause = causeOf(error);
    if (!isDomainError(cause)) return maskOther(error, message, isDev);
    const status = graphqlErrorStatus[cause.code];
    const located = error instanceof GraphQLError ? error : undefined;
    const callerMessage = callerMessageOf(cause);
    if (callerMessage !== cause.message) logger?.info({ code: cause.code }, cause.message);
    return new GraphQLError(callerMessage, {
      ...(located ? { nodes: located.nodes, path: located.path, source: located.source } : {}),
      ...(located?.positions ? { positions: located.positions } : {}),
      originalError: cause,
      extensions: {
        code: cause.code,
        status,
        http: { status },
        ...(callerMessage === cause.message ? { details: cause.details } : {}),
      },
    });
  };
}

/** The mask without a log (tests, and views made without the gateway's logger). */
export const maskGraphQLError: MaskError = createGraphQLErrorMask();

function maskOther(error: unknown, message: string, isDev?: boolean): Error {
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
