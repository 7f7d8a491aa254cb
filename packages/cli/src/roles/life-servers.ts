import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createHttpServer } from '@pocketnet/gateway';
import { DomainError } from '@pocketnet/ledger';
import { closeServers } from '../close-servers.ts';

/** What one life of a node serves: its API, its WebSockets and how its API renders errors. */
export type ServedLife = {
  readonly app: RequestListener;
  /** A server that never listens: the life's WebSocket handlers hear `upgrade` on it. */
  readonly upgrades: Server;
  readonly renderError: (error: unknown, path: string) => { status: number; body: unknown };
};

const pathOf = (request: IncomingMessage) => (request.url ?? '/').split('?')[0] ?? '/';

const unreachable =
  'The ledger is unavailable: its journal in Redis is unreachable; it serves again once Redis is back';

/**
 * The HTTP servers of a node that outlives its lives (the journal in Redis): they listen once
 * and hand each request to the current life's API. Between lives (Redis away, the next life
 * replaying) every request is answered at once with 503 UNAVAILABLE, in the error format of
 * its API, and WebSocket upgrades are refused; only /livez says the process is alive.
 */
export function createLifeServers(host: string) {
  let current: ServedLife | null = null;
  // The last life's renderer: the format of an API does not change between lives.
  let renderError: ServedLife['renderError'] | null = null;
  // Why the node does not serve: Redis unreachable, unless the caller of `down` says otherwise.
  let unavailableMessage = unreachable;
  const unavailable = () => new DomainError('UNAVAILABLE', unavailableMessage);
  const servers: Server[] = [];

  const answerDown = (req: IncomingMessage, res: ServerResponse) => {
    const path = pathOf(req);
    const rendered =
      path === '/livez'
        ? { status: 200, body: {} }
        : (renderError?.(unavailable(), path) ?? {
            status: 503,
            body: { error: unavailable().message },
          });
    // Answered once the body is drained, so that the connection stays usable.
    req.resume();
    req.once('end', () => {
      res.writeHead(rendered.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(rendered.body));
    });
  };
  const refuseUpgrade = (socket: Duplex) =>
    socket.end(
      'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
    );

  return {
    /** Listens on `port` (0: any) and resolves with the port. */
    async listen(port: number): Promise<number> {
      const server = createHttpServer((req, res) =>
        current ? current.app(req, res) : answerDown(req, res),
      );
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (current) current.upgrades.emit('upgrade', req, socket, head);
        else refuseUpgrade(socket);
      });
      await new Promise<void>((done, fail) => {
        server.once('error', fail);
        server.listen(port, host, done);
      });
      servers.push(server);
      const address = server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    serve(life: ServedLife): void {
      current = life;
      renderError = life.renderError;
    },
    /** From now on, answers 503 (with `message`, if given) until the next life is served. */
    down(message: string = unreachable): void {
      current = null;
      unavailableMessage = message;
    },
    isListening: () => servers.length > 0,
    /** Stops listening; requests in flight get `graceMs` to be answered, then are cut. */
    close: (graceMs: number) => closeServers(servers, graceMs),
  };
}

export type LifeServers = ReturnType<typeof createLifeServers>;
