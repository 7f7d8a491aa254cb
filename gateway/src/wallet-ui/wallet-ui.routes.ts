import { join } from 'node:path';
import type { PocketnetNode } from '@pocketnet/runtime';
import { Router } from 'express';
import type { AuthConfig } from '../auth/authenticator.ts';
import { unsafeDevAuth } from '../devnet/dev-token.routes.ts';
import { staticPageRoutes } from '../ui-kit/static-page.routes.ts';

export type WalletUiDeps = {
  readonly node: PocketnetNode;
  readonly auth: AuthConfig;
};

/**
 * What the page needs to know of the node before anyone signs in: whether it hands out dev
 * tokens and lets users tap, its synchronizer (traffic is bought for one) and its clock, which
 * the page reads before each offer's expiry because a devnet's time may run ahead of the wall's.
 */
function nodeInfo({ node, auth }: WalletUiDeps) {
  const now = node.clock.nowMicros();
  return {
    devnet: node.devnet !== null,
    dev_tokens: unsafeDevAuth(auth) !== null,
    auth_mode: auth.mode,
    synchronizer_id: node.identity.synchronizerId,
    now_micros: now.toString(),
  };
}

/** `/wallet`: the validator's wallet UI, a static page over the validator, scan and GraphQL APIs. */
export function walletUiRoutes(deps: WalletUiDeps): Router {
  const router = Router();
  router.use(staticPageRoutes({ path: '/wallet', dir: join(import.meta.dirname, 'page') }));
  router.get('/wallet/node-info', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(nodeInfo(deps));
  });
  return router;
}
