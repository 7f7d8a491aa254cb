import { match } from 'path-to-regexp';
import type { RouteDeclarations } from '../http/route-writes.ts';

export const readMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where a gateway replica serves a request (routing.test.ts holds examples). */
export type ReplicaServing =
  /** Here: a read. */
  | 'here'
  /** Here: a submission, whose commands the replica's engine sends to the writer. */
  | 'commands'
  /** Here, once caught up with the journal: a participant change it plans for the writer. */
  | 'planned'
  /** At the writer, whole: a write of state only the writer holds. */
  | 'writer';

/**
 * How a replica routes, compiled from what the routers declare: with express's own path
 * matcher (path-to-regexp), so that a declaration means what the route's path means.
 */
export function createReplicaRouting(
  declarations: RouteDeclarations,
): (method: string, path: string) => ReplicaServing {
  const matchers = declarations.map((declaration) => ({
    matches: match(declaration.path, { decode: false }),
    writes: declaration.writes,
  }));
  return (method, path) => {
    if (readMethods.has(method)) return 'here';
    const declared = matchers.find(({ matches }) => matches(path) !== false);
    if (declared === undefined) return 'writer';
    if (declared.writes === 'participant-plans') return 'planned';
    return declared.writes === 'commands' ? 'commands' : 'here';
  };
}
