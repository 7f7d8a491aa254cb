import { Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { type AuthConfig, defaultAudience, defaultDevSecret } from '../auth/authenticator.ts';
import { devTokenIssuer, mintDevToken } from '../auth/dev-token.ts';
import { decodeBody } from '../http/decode-body.ts';
import { createJsonBodyParser } from '../http/json-body.middleware.ts';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { createSpliceErrorHandler } from '../http/splice-error.middleware.ts';

// Canton's user ids: letters, digits and a few punctuation marks, at most 128 characters.
const devTokenRequestSchema = z.object({
  user: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[a-zA-Z0-9@^$.!`\-#+'~_|:]+$/, "a user id has letters, digits and @^$.!`-#+'~_|:"),
});

/**
 * The settings of a node whose tokens anyone can sign anyway (HS256 with the well-known
 * secret `unsafe`), and so may hand them out; null for any other node.
 */
export function unsafeDevAuth(
  auth: AuthConfig,
): { readonly secret: string; readonly audience: string } | null {
  if (auth.mode !== 'hs256') return null;
  if ((auth.secret ?? defaultDevSecret) !== defaultDevSecret) return null;
  if (auth.issuer !== undefined && auth.issuer !== devTokenIssuer) return null;
  return { secret: defaultDevSecret, audience: auth.audience ?? defaultAudience };
}

/** Minting a token reads the auth settings only. */
export const devTokenRouteWrites: RouteDeclarations = [{ path: '/dev-token', writes: 'nothing' }];

/**
 * `POST /api/devnet/v0/dev-token {user}` → `{token}`: a one-hour token for any user, for the
 * inspector and the wallet UI to log in with on an unsafe devnet. Any other node answers 404.
 */
export function devTokenRoutes(deps: { auth: AuthConfig; logger: Logger }): Router {
  const router = Router();
  const unsafe = unsafeDevAuth(deps.auth);
  router.post('/dev-token', createJsonBodyParser(), async (req, res) => {
    if (!unsafe) {
      res.status(404).json({
        error: 'This node hands out no tokens: only HS256 with the dev secret "unsafe" does',
      });
      return;
    }
    const { user } = decodeBody(devTokenRequestSchema, req.body ?? {});
    res.json({ token: await mintDevToken({ userId: user, ...unsafe }) });
  });
  router.use(createSpliceErrorHandler({ logger: deps.logger }));
  return router;
}
