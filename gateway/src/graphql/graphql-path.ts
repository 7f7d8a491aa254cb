import type { IncomingMessage, Server } from 'node:http';

export const graphqlPath = '/graphql';

export const pathOf = (request: IncomingMessage) =>
  new URL(request.url ?? '/', 'http://localhost').pathname;

/**
 * A view of `server` whose `upgrade` listeners never hear GraphQL's path, so that another
 * WebSocket handler (the Ledger API's, which refuses paths it does not serve) can share it.
 */
export function withoutGraphQLUpgrades(server: Server): Server {
  return new Proxy(server, {
    get(target, property) {
      if (property === 'on' || property === 'addListener') {
        return (event: string, listener: (...args: unknown[]) => void) => {
          if (event !== 'upgrade') return target.on(event, listener);
          return target.on(event, (request: IncomingMessage, ...rest: unknown[]) => {
            if (pathOf(request) !== graphqlPath) listener(request, ...rest);
          });
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
