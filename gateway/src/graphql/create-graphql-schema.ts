import { makeExecutableSchema } from '@graphql-tools/schema';
import { graphqlTypeDefs } from '@pocketnet/schema';
import type { GraphQLSchema } from 'graphql';
import { graphqlScalars } from './graphql-scalars.ts';
import { actorResolvers } from './resolvers/actors.resolvers.ts';
import { automationResolvers } from './resolvers/automations.resolvers.ts';
import { devnetResolvers } from './resolvers/devnet.resolvers.ts';
import {
  contractResolvers,
  participantResolvers,
  updateResolvers,
} from './resolvers/ledger.resolvers.ts';
import { ledgerSubscriptionResolvers } from './resolvers/ledger-subscriptions.resolvers.ts';
import { ledgerTypeResolvers } from './resolvers/ledger-types.resolvers.ts';
import { mergeDelegationResolvers } from './resolvers/merge-delegations.resolvers.ts';
import { networkResolvers } from './resolvers/network.resolvers.ts';
import type { ResolverDeps } from './resolvers/resolver-types.ts';
import { walletResolvers } from './resolvers/wallet.resolvers.ts';
import {
  transferMutationResolvers,
  walletMutationResolvers,
} from './resolvers/wallet-mutations.resolvers.ts';
import { walletStreamResolvers } from './resolvers/wallet-streams.resolvers.ts';
import { walletTypeResolvers } from './resolvers/wallet-types.resolvers.ts';

/** Root fields the SDL declares that no resolver serves (the schema must have none). */
export function unresolvedRootFields(schema: GraphQLSchema): string[] {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return roots.flatMap((root) =>
    root === null || root === undefined
      ? []
      : Object.values(root.getFields())
          .filter((field) => (root.name === 'Subscription' ? !field.subscribe : !field.resolve))
          .map((field) => `${root.name}.${field.name}`),
  );
}

/**
 * The executable schema: the SDL of `schema/` with resolvers that call the node's services. A
 * resolver for a field the SDL lacks, or a root field without a resolver, fails at startup.
 */
export function createGraphQLSchema(deps: ResolverDeps): GraphQLSchema {
  const schema = makeExecutableSchema({
    typeDefs: [...graphqlTypeDefs],
    resolvers: [
      graphqlScalars,
      participantResolvers(deps),
      contractResolvers(deps),
      updateResolvers(deps),
      ledgerTypeResolvers(),
      ledgerSubscriptionResolvers(deps),
      actorResolvers(deps),
      networkResolvers(deps),
      devnetResolvers(deps),
      walletResolvers(deps),
      walletTypeResolvers(),
      transferMutationResolvers(deps),
      walletMutationResolvers(deps),
      mergeDelegationResolvers(deps),
      walletStreamResolvers(deps),
      automationResolvers(deps),
    ],
    resolverValidationOptions: { requireResolversToMatchSchema: 'error' },
  });
  const unresolved = unresolvedRootFields(schema);
  if (unresolved.length > 0) throw new Error(`GraphQL fields without resolvers: ${unresolved}`);
  return schema;
}
