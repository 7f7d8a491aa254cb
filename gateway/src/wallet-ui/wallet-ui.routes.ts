import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { PocketnetNode } from '@pocketnet/runtime';
import { type Response, Router } from 'express';
import type { AuthConfig } from '../auth/authenticator.ts';
import { unsafeDevAuth } from '../devnet/dev-token.routes.ts';

const pageDir = join(import.meta.dirname, 'page');

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

// Everything the wallet loads comes from this node: it works offline and runs nothing else.
// `connect-src 'self'` covers the node's REST paths and its GraphQL WebSocket.
const securityHeaders = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

type Asset = { readonly body: Buffer; readonly type: string };

/** The page's files, read once: small hand-written ES modules and style sheets, no build step. */
function loadAssets(): ReadonlyMap<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(pageDir)) {
    const type = contentTypes[extname(name)];
    if (type) assets.set(name, { body: readFileSync(join(pageDir, name)), type });
  }
  return assets;
}

function send(res: Response, asset: Asset): void {
  res.writeHead(200, {
    ...securityHeaders,
    'Content-Type': asset.type,
    'Content-Length': asset.body.length,
    'Cache-Control': 'no-cache',
  });
  res.end(asset.body);
}

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
  const assets = loadAssets();
  const router = Router();
  const index = assets.get('index.html');
  router.get(['/wallet', '/wallet/'], (_req, res, next) => (index ? send(res, index) : next()));
  router.get('/wallet/assets/:name', (req, res, next) => {
    const asset = req.params.name === 'index.html' ? undefined : assets.get(req.params.name);
    return asset ? send(res, asset) : next();
  });
  router.get('/wallet/node-info', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(nodeInfo(deps));
  });
  return router;
}
