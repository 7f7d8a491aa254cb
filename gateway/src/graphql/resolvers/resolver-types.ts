import type { AutomationView, TimeMachine } from '@pocketnet/runtime';
import type { GraphQLContext } from '../graphql-context.ts';
import type { GraphQLServices } from '../graphql-services.ts';
import type { StreamOptions } from '../to-async-iterable.ts';

/** What the resolver factories close over. */
export type ResolverDeps = {
  readonly services: GraphQLServices;
  readonly streams: StreamOptions;
  /** The automations' queues, when the node runs them. */
  readonly automations?: AutomationView | undefined;
  /** Snapshots, revert and reset, on a node the CLI started with its time machine. */
  readonly timeMachine?: TimeMachine | undefined;
  /** Whether the devnet's fields control the synchronizer here (not on an app validator's). */
  readonly devnetControls?: boolean;
};

/** Resolvers by type and field, as makeExecutableSchema merges them. */
export type ResolverMap = Readonly<Record<string, object>>;

export type Resolver<TParent, TArgs, TResult> = (
  parent: TParent,
  args: TArgs,
  context: GraphQLContext,
) => TResult;

/** A root field's resolver: no parent. */
export type RootResolver<TArgs, TResult> = Resolver<unknown, TArgs, TResult>;
