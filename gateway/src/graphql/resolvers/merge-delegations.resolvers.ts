import type { GraphQLContext as Ctx } from '../graphql-context.ts';
import type { ResolverDeps, ResolverMap } from './resolver-types.ts';

type ById = { contractId: string };

/** Merge delegation proposals: the operator accepts or rejects, the owner withdraws. */
export function mergeDelegationResolvers({ services }: ResolverDeps): ResolverMap {
  const { mergeDelegations } = services.wallet;
  return {
    Mutation: {
      acceptMergeDelegationProposal: (_: unknown, args: ById, ctx: Ctx) =>
        mergeDelegations.accept(ctx.caller(), args.contractId),
      rejectMergeDelegationProposal: async (_: unknown, args: ById, ctx: Ctx) => {
        await mergeDelegations.reject(ctx.caller(), args.contractId);
        return true;
      },
      withdrawMergeDelegationProposal: async (_: unknown, args: ById, ctx: Ctx) => {
        await mergeDelegations.withdraw(ctx.caller(), args.contractId);
        return true;
      },
    },
  };
}
