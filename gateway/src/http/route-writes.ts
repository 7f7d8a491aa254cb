/**
 * What a route that is not a plain read (GET, HEAD, OPTIONS) changes, declared by the router
 * that serves it. A scaled-out network routes by it: a gateway replica answers what it can from
 * its own copy and hands the writer, the synchronizer's single ordering point, the rest.
 */
export type RouteWrites =
  /** Nothing: a read sent as a POST, or a token minted; any replica answers it. */
  | 'nothing'
  /** Ledger commands only: a replica authorizes them, and its engine sends them to the writer. */
  | 'commands'
  /**
   * Participant state (parties, users, onboarding) as a plan: a replica caught up with the
   * journal plans the change on its copy, and the writer commits it only on that same state.
   */
  | 'participant-plans';

/**
 * A route's declaration: its path as express matches it (`:name` parameters, `*name` and
 * `{…}` optional parts), relative to where its router is mounted. A write a router does not
 * declare changes state only the writer holds (packages, the wallet, devnet time): a replica
 * hands it to the writer whole.
 */
export type RouteDeclaration = { readonly path: string; readonly writes: RouteWrites };

export type RouteDeclarations = readonly RouteDeclaration[];

/** A router's declarations as seen from where it is mounted. */
export function mountedAt(prefix: string, routes: RouteDeclarations): RouteDeclarations {
  return routes.map((route) => ({ ...route, path: `${prefix}${route.path}` }));
}
