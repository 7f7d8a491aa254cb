import type { LedgerApiService } from '@pocketnet/runtime';
import { Router } from 'express';
import type { AuthConfig } from '../auth/authenticator.ts';
import { unsafeDevAuth } from '../devnet/dev-token.routes.ts';

export type WalletUiDeps = {
  readonly node: Pick<LedgerApiService, 'clock' | 'devnet' | 'identity'>;
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

/**
 * `/wallet/node-info`, what the wallet UI asks first. It is served whether or not the node serves
 * the page itself (webPageRoutes), so that a page served from elsewhere still finds it.
 */
export function walletUiRoutes(deps: WalletUiDeps): Router {
  const router = Router();
  router.get('/wallet/node-info', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(nodeInfo(deps));
  });
  return router;
}
