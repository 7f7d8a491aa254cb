import type { Caller } from '@pocketnet/runtime';
import type { Request, Response } from 'express';
import {
  createGraphQLLoaders,
  type GraphQLLoaderServices,
  type GraphQLLoaders,
} from './graphql-loaders.ts';

/** Who an operation runs for, as the gateway's authenticator established it, or why not. */
export type CallerOutcome = { readonly caller: Caller } | { readonly error: unknown };

/** Where an operation came from: an express request, or a graphql-ws connection's caller. */
export type GraphQLServerContext = {
  readonly req?: Request;
  readonly res?: Response;
  readonly callerOutcome?: CallerOutcome;
};

/** What every resolver gets: the caller (asked for only where it is needed) and loaders. */
export type GraphQLContext = {
  /** The caller; throws the authentication failure (UNAUTHENTICATED) when there is none. */
  caller(): Caller;
  /** Who the caller is, as a key (subscriptions of one caller may share work); null: nobody. */
  readonly callerKey: string | null;
  readonly loaders: GraphQLLoaders;
};

/**
 * The context of one operation. The caller is resolved lazily, so that a schema introspection
 * (GraphiQL loading its documentation) works without a token while every field that reads the
 * ledger refuses an unauthenticated caller.
 */
export function createGraphQLContext(
  services: GraphQLLoaderServices,
  outcome: CallerOutcome,
): GraphQLContext {
  const caller = (): Caller => {
    if ('error' in outcome) throw outcome.error;
    return outcome.caller;
  };
  return {
    caller,
    callerKey: callerKeyOf(outcome),
    loaders: createGraphQLLoaders(services, caller),
  };
}

function callerKeyOf(outcome: CallerOutcome): string | null {
  if ('error' in outcome) return null;
  const { caller } = outcome;
  return caller.kind === 'user'
    ? `user ${caller.identityProviderId} ${caller.userId}`
    : caller.kind;
}

/** The outcome `identifyCaller` left on an express response (`res.locals`). */
export function callerOutcomeOfLocals(locals: Record<string, unknown>): CallerOutcome {
  if (locals.callerError !== undefined) return { error: locals.callerError };
  return { caller: locals.caller as Caller };
}
