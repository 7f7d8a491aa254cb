import { describe, expect, it } from 'vitest';
import {
  selectWebSocketProtocol,
  tokenFromAuthorization,
  tokenFromWebSocketProtocols,
  tokenOf,
} from './bearer-token.ts';

describe('token extraction', () => {
  it('reads a bearer token whatever the case of the scheme', () => {
    expect(tokenFromAuthorization('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromAuthorization('bearer  abc')).toBe('abc');
    expect(tokenFromAuthorization('Bearer ')).toBeUndefined();
    expect(tokenFromAuthorization('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(tokenFromAuthorization(undefined)).toBeUndefined();
  });

  it('reads the token a WebSocket client offers as a jwt.token. subprotocol', () => {
    expect(tokenFromWebSocketProtocols('daml.ws.auth, jwt.token.abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromWebSocketProtocols(['jwt.token.xyz', 'daml.ws.auth'])).toBe('xyz');
    expect(tokenFromWebSocketProtocols('daml.ws.auth')).toBeUndefined();
    expect(tokenFromWebSocketProtocols('jwt.token.')).toBeUndefined();
  });

  it('prefers the Authorization header, as Canton does', () => {
    expect(tokenOf({ authorization: 'Bearer a', 'sec-websocket-protocol': 'jwt.token.b' })).toBe(
      'a',
    );
    expect(tokenOf({ 'sec-websocket-protocol': 'jwt.token.b, daml.ws.auth' })).toBe('b');
  });

  it('answers daml.ws.auth when the client offered it, and no subprotocol otherwise', () => {
    expect(selectWebSocketProtocol(new Set(['jwt.token.x', 'daml.ws.auth']))).toBe('daml.ws.auth');
    expect(selectWebSocketProtocol(new Set(['jwt.token.x']))).toBe(false);
  });
});
