import type {
  ActorRuntime,
  LedgerApiService,
  ScanService,
  WalletService,
} from '@pocketnet/runtime';

/**
 * The node's services GraphQL's resolvers, loaders and context use: the Ledger API's reads,
 * lookups, commands and administration, the actors, the wallet and scan; not the node itself.
 */
export interface GraphQLServices
  extends Pick<
    LedgerApiService,
    'admin' | 'catalog' | 'clock' | 'commands' | 'devnet' | 'lookups' | 'reads' | 'views'
  > {
  readonly actors: ActorRuntime;
  readonly scan: ScanService;
  readonly wallet: WalletService;
}

/** The services a node hands GraphQL, taken one by one so that nothing else comes along. */
export function graphqlServicesOf(node: GraphQLServices): GraphQLServices {
  const { actors, admin, catalog, clock, commands, devnet, lookups, reads, scan, views, wallet } =
    node;
  return { actors, admin, catalog, clock, commands, devnet, lookups, reads, scan, views, wallet };
}
