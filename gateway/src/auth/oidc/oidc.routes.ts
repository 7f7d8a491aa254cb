import express, {
  type ErrorRequestHandler,
  type Express,
  type Request,
  type Router,
} from 'express';
import type { Logger } from 'pino';
import { isOidcError, OidcError } from './oidc-error.ts';
import type { OidcProvider, TokenRequest } from './oidc-provider.ts';

/** The realm's URL as the caller reached it: Keycloak's issuer follows the request's host. */
const realmUrlOf = (req: Request, realm: string) =>
  `${req.protocol}://${req.get('host') ?? 'localhost'}/realms/${encodeURIComponent(realm)}`;

/** `Authorization: Basic` client credentials (client_secret_basic), form-encoded as OAuth says. */
function basicCredentials(header: string | undefined): TokenRequest['basic'] {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OidcError(401, 'invalid_client', 'Invalid client credentials header');
  const part = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
  return { clientId: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
}

const formOf = (body: unknown): TokenRequest['form'] => {
  if (typeof body !== 'object' || body === null) return {};
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') form[key] = value;
  return form;
};

const unknownRealm = new OidcError(404, 'Realm does not exist', 'Realm does not exist');

/**
 * Keycloak's OpenID Connect paths for the provider's realms: discovery, the key set and the
 * token endpoint (`application/x-www-form-urlencoded`, errors as `{ error, error_description }`).
 */
export function oidcRoutes(provider: OidcProvider, logger: Pick<Logger, 'error'>): Router {
  const router = express.Router();
  const realmOf = (req: Request) => {
    const realm = String(req.params.realm);
    if (!provider.realms.includes(realm)) throw unknownRealm;
    return realm;
  };
  router.get('/realms/:realm/.well-known/openid-configuration', (req, res) => {
    const base = realmUrlOf(req, realmOf(req));
    res.json({
      issuer: base,
      token_endpoint: `${base}/protocol/openid-connect/token`,
      jwks_uri: `${base}/protocol/openid-connect/certs`,
      grant_types_supported: ['password', 'client_credentials', 'refresh_token'],
      response_types_supported: ['token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: ['openid', 'profile', 'email', 'offline_access', 'daml_ledger_api'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'azp', 'scope', 'preferred_username'],
    });
  });
  router.get('/realms/:realm/protocol/openid-connect/certs', (req, res) => {
    res.json(provider.jwks(realmOf(req)));
  });
  router.post(
    '/realms/:realm/protocol/openid-connect/token',
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req, res) => {
      const realm = realmOf(req);
      const request = { form: formOf(req.body), basic: basicCredentials(req.get('authorization')) };
      const tokens = await provider.token(realm, realmUrlOf(req, realm), request);
      res.set('cache-control', 'no-store').set('pragma', 'no-cache').json(tokens);
    },
  );
  router.use((_req, res) => {
    res.status(404).json({ error: 'Unable to find matching target resource method' });
  });
  router.use(refusals(logger));
  return router;
}

const statusOf = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 500;
};

/** A refusal as Keycloak words it; a body the parser could not read is the client's mistake. */
function refusals(logger: Pick<Logger, 'error'>): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (isOidcError(error)) return void res.status(error.status).json(error.body);
    const status = statusOf(error);
    if (status >= 400 && status < 500) {
      const description = error instanceof Error ? error.message : 'Malformed request';
      return void res
        .status(400)
        .json({ error: 'invalid_request', error_description: description });
    }
    logger.error({ err: error, path: req.path }, 'the OpenID provider failed');
    res
      .status(500)
      .json({ error: 'server_error', error_description: 'An internal error occurred' });
  };
}

/** The provider as an application of its own, served on a port apart (LocalNet's 8082). */
export function createOidcApp(provider: OidcProvider, logger: Pick<Logger, 'error'>): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(oidcRoutes(provider, logger));
  return app;
}
