import { actorsTypeDefs } from './actors.graphql.ts';
import { automationsTypeDefs } from './automations.graphql.ts';
import { devnetTypeDefs } from './devnet.graphql.ts';
import { ledgerTypeDefs } from './ledger.graphql.ts';
import { mergeDelegationsTypeDefs } from './merge-delegations.graphql.ts';
import { networkTypeDefs } from './network.graphql.ts';
import { scalarsTypeDefs } from './scalars.graphql.ts';
import { walletTypeDefs } from './wallet.graphql.ts';

/**
 * The GraphQL view's SDL, one string per part; the ledger part defines the root types and the
 * others extend them. Plain strings, so the schema package needs no GraphQL library.
 */
export const graphqlTypeDefs: readonly string[] = [
  scalarsTypeDefs,
  ledgerTypeDefs,
  actorsTypeDefs,
  networkTypeDefs,
  devnetTypeDefs,
  walletTypeDefs,
  mergeDelegationsTypeDefs,
  automationsTypeDefs,
];
