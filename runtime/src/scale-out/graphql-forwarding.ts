import type { IncomingMessage } from 'node:http';
import { nodeHttp } from '../node/node-http.ts';

type GraphQLParams = { readonly query?: unknown };

const comments = /#[^\n]*/g;
const mutationKeyword = /(^|[\s},])mutation\b/;

function queriesOf(body: Buffer, contentType: string): string[] {
  const text = body.toString('utf8');
  if (contentType.includes('application/graphql')) return [text];
  try {
    const parsed = JSON.parse(text) as GraphQLParams | GraphQLParams[];
    const all = Array.isArray(parsed) ? parsed : [parsed];
    return all.flatMap((params) => (typeof params.query === 'string' ? [params.query] : []));
  } catch {
    return [text];
  }
}

/**
 * Whether a GraphQL request over POST holds a mutation: then a gateway replica hands it to the
 * writer whole (devnet time, onboarding and wallet actions change state there). A document that
 * also holds queries goes too; the writer answers those as well.
 */
export function isGraphQLMutation(body: Buffer, contentType: string): boolean {
  return queriesOf(body, contentType).some((query) =>
    mutationKeyword.test(query.replace(comments, '')),
  );
}

/** A request whose body was read already, readable again for the replica's own API. */
export function replayedRequest(request: IncomingMessage, body: Buffer): IncomingMessage {
  const replay = new nodeHttp.IncomingMessage(request.socket);
  replay.method = request.method;
  replay.url = request.url;
  replay.headers = request.headers;
  replay.rawHeaders = request.rawHeaders;
  replay.httpVersion = request.httpVersion;
  replay.httpVersionMajor = request.httpVersionMajor;
  replay.httpVersionMinor = request.httpVersionMinor;
  replay.push(body);
  replay.push(null);
  return replay;
}
