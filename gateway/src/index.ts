export type { AuthConfig, AuthMode } from './auth/authenticator.ts';
export { createAuthenticator, defaultAudience, defaultDevSecret } from './auth/authenticator.ts';
export type { DevTokenOptions } from './auth/dev-token.ts';
export { devTokenIssuer, mintDevToken } from './auth/dev-token.ts';
export type { GatewayDeps } from './create-gateway.ts';
export { createGateway } from './create-gateway.ts';
