import type { NetworkContract } from '@pocketnet/runtime';
import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import { pageSizeArgument } from '../invalid-input.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

const roundOf = (contract: NetworkContract) =>
  String((contract.node.createArgument.round as { number?: unknown } | null)?.number ?? '');

/** Mining rounds and the name service, as Scan serves them to anyone authenticated. */
export function networkResolvers({ services }: ResolverDeps): ResolverMap {
  const { network } = services.scan;
  return {
    Query: {
      miningRounds: (_: unknown, __: unknown, ctx: Ctx) => {
        ctx.caller();
        const { rounds } = network;
        return { open: rounds.open(), issuing: rounds.issuing(), closed: rounds.closed() };
      },
      ansEntries: (_: unknown, args: { namePrefix: string; pageSize: number }, ctx: Ctx) => {
        ctx.caller();
        return network.ans.list(args.namePrefix, pageSizeArgument(args.pageSize));
      },
      ansEntryByName: (_: unknown, args: { name: string }, ctx: Ctx) => {
        ctx.caller();
        return network.ans.byName(args.name);
      },
      ansEntryByParty: (_: unknown, args: { party: string }, ctx: Ctx) => {
        ctx.caller();
        return network.ans.byParty(args.party);
      },
    },
    MiningRound: {
      contractId: (round: NetworkContract) => round.node.contractId,
      round: roundOf,
      templateId: (round: NetworkContract) => round.node.templateId,
      payload: (round: NetworkContract) => round.node.createArgument,
      createdAt: (round: NetworkContract) => round.node.createdAt,
      actor: (round: NetworkContract, _: unknown, { loaders }: Ctx) =>
        loaders.actorByContract.load(round.node.contractId),
    },
  };
}
