import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { DomainError } from '@pocketnet/ledger';
import { isGraphQLMutation, replayedRequest } from './graphql-forwarding.ts';
import { type Replica, valueOfAnswer } from './replica-engine.ts';
import { isForwardedToWriter, isPlannedByReplica, readMethods } from './replica-routes.ts';
import type { ForwardedHttpAnswer, ForwardedHttpRequest } from './writer-command.ts';

const overloaded = () =>
  new DomainError(
    'PARTICIPANT_BACKPRESSURE',
    'The participant is overloaded: too many commands are in flight on this gateway; retry later',
  );

/** Answers once the body is drained, so that the connection stays usable. */
function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  rendered: { status: number; body: unknown },
) {
  req.resume();
  req.once('end', () => {
    res.writeHead(rendered.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(rendered.body));
  });
}

// Hop-by-hop and framing headers: each leg sets its own.
const notForwarded = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
  'date',
]);

export function forwardableHeaders(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || notForwarded.has(name.toLowerCase())) continue;
    kept[name.toLowerCase()] = typeof value === 'string' ? value : value.join(', ');
  }
  return kept;
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

export type HttpForwardingDeps = {
  /** Sends a request to the writer; its answer comes once this replica has caught up. */
  readonly forward: (request: ForwardedHttpRequest) => Promise<ForwardedHttpAnswer>;
  /** The replica's own API, for everything it serves itself. */
  readonly local: RequestListener;
  /** Whether the shared journal is reachable (readiness). */
  readonly isConnected: () => boolean;
  /** An error as the API answers it at that path (the gateway's renderers). */
  readonly renderError: (error: unknown, path: string) => { status: number; body: unknown };
  readonly maxBodyBytes?: number;
  /**
   * Whether this replica is full (commands in flight at its limit): a submission is then
   * refused before its body is even read, so that shedding load costs next to nothing.
   */
  readonly isFull?: () => boolean;
  /**
   * Resolves once this replica holds the journal as far as it was durable when called. Given,
   * the replica serves plan-based writes itself (isPlannedByReplica) after catching up, so that
   * what the request reads (the caller's rights, what exists) includes every write
   * acknowledged before it on any replica; without, those go to the writer whole.
   */
  readonly catchUp?: () => Promise<void>;
};

const maxBodyBytes = (deps: HttpForwardingDeps) => deps.maxBodyBytes ?? 64 * 1024 * 1024;

async function forwardWhole(
  deps: HttpForwardingDeps,
  req: IncomingMessage,
  res: ServerResponse,
  read?: Buffer,
) {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  try {
    const body = read ?? (await readBody(req, maxBodyBytes(deps)));
    const answer = await deps.forward({
      method: req.method ?? 'POST',
      url: req.url ?? '/',
      headers: forwardableHeaders(req.headers),
      body: body.toString('base64'),
    });
    const bytes = Buffer.from(answer.body, 'base64');
    res.writeHead(answer.status, { ...answer.headers, 'content-length': bytes.length });
    res.end(bytes);
  } catch (error) {
    const rendered = deps.renderError(error, path);
    const text = JSON.stringify(rendered.body);
    res.writeHead(rendered.status, { 'content-type': 'application/json' }).end(text);
  }
}

/** A plan-based write, served here on a state caught up with the journal's head. */
async function servePlanned(
  deps: HttpForwardingDeps & { catchUp: () => Promise<void> },
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

/** GraphQL over POST: mutations go to the writer, the rest (queries, SSE streams) stay here. */
async function graphql(deps: HttpForwardingDeps, req: IncomingMessage, res: ServerResponse) {
  let body: Buffer;
  try {
    body = await readBody(req, maxBodyBytes(deps));
  } catch (error) {
    const rendered = deps.renderError(error, '/graphql');
    res.writeHead(rendered.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(rendered.body));
    return;
  }
  if (isGraphQLMutation(body, req.headers['content-type'] ?? '')) {
    await forwardWhole(deps, req, res, body);
  } else {
    deps.local(replayedRequest(req, body), res);
  }
}

/**
 * A gateway replica's front door: submissions and (with `catchUp`) plan-based writes are served
 * here, other writes go to the writer, reads stay here; `/readyz` says 503 while the shared
 * journal is unreachable.
 */
export function createHttpForwarding(deps: HttpForwardingDeps): RequestListener {
  return (req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/readyz' && !deps.isConnected()) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('the ledger is unreachable');
      return;
    }
    const { catchUp } = deps;
    if (method === 'POST' && path === '/graphql') void graphql(deps, req, res);
    else if (catchUp && isPlannedByReplica(method, path)) {
      void servePlanned({ ...deps, catchUp }, req, res);
    } else if (isForwardedToWriter(method, path)) void forwardWhole(deps, req, res);
    else if (method === 'POST' && path.startsWith('/v2/commands/') && deps.isFull?.()) {
      refuse(req, res, deps.renderError(overloaded(), path));
    } else deps.local(req, res);
  };
}

/** The writer's side: a forwarded request, run against the writer's own API on `baseUrl`. */
export async function runForwardedRequest(
  baseUrl: string,
  request: ForwardedHttpRequest,
): Promise<ForwardedHttpAnswer> {
  const hasBody = request.body.length > 0 && !readMethods.has(request.method);
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers: request.headers,
    ...(hasBody ? { body: Buffer.from(request.body, 'base64') } : {}),
  });
  const body = Buffer.from(await response.arrayBuffer());
  const headers = forwardableHeaders(Object.fromEntries(response.headers.entries()));
  return { status: response.status, headers, body: body.toString('base64') };
}

/** Forwards through a replica, unwrapping the writer's answer. */
export const forwardHttpThrough =
  (replica: Pick<Replica, 'forward'>) =>
  async (request: ForwardedHttpRequest): Promise<ForwardedHttpAnswer> =>
    valueOfAnswer(await replica.forward({ kind: 'http', request })) as ForwardedHttpAnswer;
