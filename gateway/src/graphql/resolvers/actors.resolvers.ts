import type { PocketnetNode } from '@pocketnet/runtime';
import { filter } from 'rxjs';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import { toAsyncIterable } from '../to-async-iterable.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

type Actors = PocketnetNode['actors'];
type MachineInfo = ReturnType<Actors['machines']>[number];
type ActorSummary = ReturnType<Actors['list']>[number];
type ActorTransition = { readonly actorId: string; readonly machine: string };
type ActorFilter = { machine?: string | null; state?: string | null };

const only = (args: ActorFilter) => ({
  ...(args.machine == null ? {} : { machine: args.machine }),
  ...(args.state == null ? {} : { state: args.state }),
});

/** A detail field of an actor: on the actor when it was read whole, else loaded by id. */
const detail =
  (field: 'context' | 'output' | 'history') =>
  async (actor: ActorSummary, _: unknown, { loaders }: Ctx) => {
    if (field in actor) return (actor as Record<string, unknown>)[field];
    const loaded = await loaders.actor.load(actor.id);
    return loaded?.[field] ?? (field === 'history' ? [] : null);
  };

/** Machines, actors (as the caller may see them) and their transitions. */
export function actorResolvers({ services, streams }: ResolverDeps): ResolverMap {
  const { actors } = services;
  const description = (machine: MachineInfo) => {
    const described = actors.machine(machine.id);
    if (described === undefined) throw new Error(`the machine ${machine.id} has no description`);
    return described;
  };
  return {
    Query: {
      machines: (_: unknown, __: unknown, ctx: Ctx) => {
        ctx.caller();
        return actors.machines();
      },
      machine: (_: unknown, args: { id: string }, ctx: Ctx) => {
        ctx.caller();
        return actors.machine(args.id) ?? null;
      },
      actors: (_: unknown, args: ActorFilter, ctx: Ctx) => actors.list(ctx.caller(), only(args)),
      actor: (_: unknown, args: { id: string }, ctx: Ctx) =>
        actors.get(ctx.caller(), args.id) ?? null,
    },
    Subscription: {
      actorTransitions: {
        subscribe: (
          _: unknown,
          args: { machine?: string | null; actorId?: string | null },
          ctx: Ctx,
        ) => {
          const caller = ctx.caller();
          const wanted = (transition: ActorTransition) =>
            (args.machine == null || transition.machine === args.machine) &&
            (args.actorId == null || transition.actorId === args.actorId) &&
            actors.canSee(caller, transition.actorId);
          return toAsyncIterable(actors.transitions$.pipe(filter(wanted)), streams);
        },
        resolve: <T>(transition: T) => transition,
      },
    },
    Machine: {
      definition: (machine: MachineInfo) => description(machine).definition,
      mermaid: (machine: MachineInfo) => description(machine).mermaid,
      transitions: (machine: MachineInfo) => description(machine).transitions,
      actors: (machine: MachineInfo, args: { state?: string | null }, ctx: Ctx) =>
        actors.list(ctx.caller(), only({ machine: machine.id, state: args.state ?? null })),
    },
    Actor: { context: detail('context'), output: detail('output'), history: detail('history') },
    ActorTransition: {
      actor: (transition: ActorTransition, _: unknown, { loaders }: Ctx) =>
        loaders.actor.load(transition.actorId),
    },
  };
}
