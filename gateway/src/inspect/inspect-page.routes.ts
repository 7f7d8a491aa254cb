import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { type Response, Router } from 'express';

const pageDir = join(import.meta.dirname, 'page');

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

// Everything the page loads comes from this node: it works offline and runs nothing else.
const securityHeaders = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

type Asset = { readonly body: Buffer; readonly type: string };

/** The page's files, read once: a handful of small hand-written files, no build step. */
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

/** `/inspect`: the state-machine inspector, a static page over the inspect API. */
export function inspectPageRoutes(): Router {
  const assets = loadAssets();
  const router = Router();
  const index = assets.get('index.html');
  router.get(['/inspect', '/inspect/'], (_req, res, next) => (index ? send(res, index) : next()));
  router.get('/inspect/assets/:name', (req, res, next) => {
    const asset = req.params.name === 'index.html' ? undefined : assets.get(req.params.name);
    return asset ? send(res, asset) : next();
  });
  return router;
}
