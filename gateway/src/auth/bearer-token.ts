import type { IncomingHttpHeaders } from 'node:http';

/** The subprotocol Canton's JSON API answers every WebSocket handshake with. */
export const damlWsAuthProtocol = 'daml.ws.auth';

// Browsers cannot set headers on a WebSocket, so Canton's clients put the token into the
// offered subprotocols as `jwt.token.<JWT>`, next to `daml.ws.auth`.
const jwtProtocolPrefix = 'jwt.token.';

/** The token of an `Authorization: Bearer <JWT>` header; an empty token counts as none. */
export function tokenFromAuthorization(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^bearer\s+(\S+)\s*$/i.exec(header.trim());
  return match?.[1];
}

const protocolsOf = (header: string | readonly string[] | undefined): string[] =>
  (typeof header === 'string' ? [header] : (header ?? []))
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value.length > 0);

/** The token offered as a `jwt.token.<JWT>` WebSocket subprotocol, if any. */
export function tokenFromWebSocketProtocols(
  header: string | readonly string[] | undefined,
): string | undefined {
  const offered = protocolsOf(header).find((protocol) => protocol.startsWith(jwtProtocolPrefix));
  const token = offered?.slice(jwtProtocolPrefix.length);
  return token === undefined || token.length === 0 ? undefined : token;
}

/** A request's token: the bearer header first, then the WebSocket subprotocol, as Canton reads them. */
export function tokenOf(headers: IncomingHttpHeaders): string | undefined {
  return (
    tokenFromAuthorization(headers.authorization) ??
    tokenFromWebSocketProtocols(headers['sec-websocket-protocol'])
  );
}

/**
 * For `ws`'s `handleProtocols`: answer `daml.ws.auth` as Canton does. Canton sends it even when
 * it was not offered, which a client may reject; we only choose it when it was offered.
 */
export function selectWebSocketProtocol(protocols: ReadonlySet<string>): string | false {
  return protocols.has(damlWsAuthProtocol) ? damlWsAuthProtocol : false;
}
