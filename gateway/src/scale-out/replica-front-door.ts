import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { DomainError } from '@pocketnet/ledger';
import type { RouteDeclarations } from '../http/route-writes.ts';
import {
  type ForwardToWriter,
  forwardedRequestOf,
  sendForwardedAnswer,
} from './forwarded-request.ts';
import { gatewayRouteWrites } from './gateway-route-writes.ts';
import { createReplicaRouting } from './replica-routing.ts';

const overloaded = () =>
  new DomainError(
    'PARTICIPANT_BACKPRESSURE',
    'The participant is overloaded: too many commands are in flight on this gateway; retry later',
  );

type Rendered = { status: number; body: unknown };

function sendRendered(res: ServerResponse, rendered: Rendered) {
  res.writeHead(rendered.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(rendered.body));
}

/** Answers once the body is drained, so that the connection stays usable. */
function refuse(req: IncomingMessage, res: ServerResponse, rendered: Rendered) {
  req.resume();
  req.once('end', () => sendRendered(res, rendered));
}

function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(new DomainError('INVALID_ARGUMENT', `The request body exceeds ${maxBytes} bytes`));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

export type ReplicaFrontDoorDeps = {
  readonly forward: ForwardToWriter;
  /** The replica's own API, for everything it serves itself. */
  readonly local: RequestListener;
  /** Whether the shared journal is reachable (readiness). */
  readonly isConnected: () => boolean;
  /** An error as the API answers it at that path (the gateway's renderers). */
  readonly renderError: (error: unknown, path: string) => Rendered;
  readonly maxBodyBytes?: number;
  /**
   * Whether this replica is full (commands in flight at its limit): a submission is then
   * refused before its body is even read, so that shedding load costs next to nothing.
   */
  readonly isFull?: () => boolean;
  /**
   * Resolves once this replica holds the journal as far as it was durable when called. Given,
   * the replica serves participant plans itself after catching up, so that what the request
   * reads (the caller's rights, what exists) includes every write acknowledged before it on
   * any replica; without, those go to the writer whole.
   */
  readonly catchUp?: () => Promise<void>;
  /** What the routers declare they write (the gateway's own routers where not given). */
  readonly routes?: RouteDeclarations;
};

async function forwardWhole(deps: ReplicaFrontDoorDeps, req: IncomingMessage, res: ServerResponse) {
  try {
    const body = await readBody(req, deps.maxBodyBytes ?? 64 * 1024 * 1024);
    sendForwardedAnswer(res, await deps.forward(forwardedRequestOf(req, body)));
  } catch (error) {
    sendRendered(res, deps.renderError(error, (req.url ?? '/').split('?')[0] ?? '/'));
  }
}

/** A participant plan, served here on a state caught up with the journal's head. */
async function servePlanned(
  deps: ReplicaFrontDoorDeps & { catchUp: () => Promise<void> },
  req: IncomingMessage,
  res: ServerResponse,
) {
  try {
    await deps.catchUp();
  } catch (error) {
    refuse(req, res, deps.renderError(error, (req.url ?? '/').split('?')[0] ?? '/'));
    return;
  }
  deps.local(req, res);
}

/**
 * A gateway replica's front door, routed by what the routers declare they write: reads and
 * submissions are served here, participant plans too once caught up (with `catchUp`), every
 * other write goes to the writer whole (GraphQL mutations are handed over by the GraphQL
 * handler, which reads their bodies); `/readyz` says 503 while the shared journal is unreachable.
 */
export function createReplicaFrontDoor(deps: ReplicaFrontDoorDeps): RequestListener {
  const routing = createReplicaRouting(deps.routes ?? gatewayRouteWrites);
  return (req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/readyz' && !deps.isConnected()) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('the ledger is unreachable');
      return;
    }
    const serving = path === '/graphql' ? 'here' : routing(method, path);
    const { catchUp } = deps;
    if (serving === 'planned' && catchUp) void servePlanned({ ...deps, catchUp }, req, res);
    else if (serving === 'writer' || serving === 'planned') void forwardWhole(deps, req, res);
    else if (serving === 'commands' && deps.isFull?.()) {
      refuse(req, res, deps.renderError(overloaded(), path));
    } else deps.local(req, res);
  };
}
