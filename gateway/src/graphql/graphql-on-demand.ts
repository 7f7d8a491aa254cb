import type { Server } from 'node:http';
import type { RequestHandler } from 'express';
import type { GraphQLDeps, GraphQLView } from './create-graphql.ts';
import { graphqlPath, pathOf } from './graphql-path.ts';

/**
 * The GraphQL view, built on its first request (HTTP or WebSocket) rather than at start: yoga,
 * graphql-js and graphql-tools are ~700 modules and ~30 MB that a node nobody queries over
 * GraphQL never needs. The same face as `createGraphQL`'s view.
 */
export function createGraphQLOnDemand(deps: GraphQLDeps) {
  const servers: Server[] = [];
  let view: Promise<GraphQLView> | null = null;
  // Once closed (with a revert's reason, if any): a view built later closes at once too.
  let closed: { reason: string | undefined } | null = null;
  const load = () => {
    view ??= import('./create-graphql.ts').then(({ createGraphQL }) => {
      const built = createGraphQL(deps);
      for (const server of servers) built.attachWebSocket(server);
      if (closed) built.close(closed.reason);
      return built;
    });
    return view;
  };
  const handler: RequestHandler = (req, res, next) => {
    load().then((built) => built.handler(req, res, next), next);
  };
  return {
    path: graphqlPath,
    handler,
    attachWebSocket(server: Server) {
      servers.push(server);
      // Until the view is built, its first upgrade builds it, then is heard again by the
      // listener the view has attached meanwhile.
      const onUpgrade = (request: Parameters<typeof pathOf>[0], ...rest: unknown[]) => {
        if (view !== null || pathOf(request) !== graphqlPath) return;
        server.off('upgrade', onUpgrade);
        load().then(
          () => server.emit('upgrade', request, ...rest),
          () => (rest[0] as { destroy(): void }).destroy(),
        );
      };
      server.on('upgrade', onUpgrade);
    },
    close(reason?: string) {
      closed = { reason };
      void view?.then((built) => built.close(reason));
    },
  };
}
