import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { type Response, Router } from 'express';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

// Everything a page loads comes from this node: it works offline and runs nothing else.
// `connect-src 'self'` covers the node's REST paths, its event streams and its GraphQL WebSocket.
// The one inline script allowed is a page's import map, by its hash.
const policyOf = (scripts: readonly string[]) =>
  [
    "default-src 'none'",
    ["script-src 'self'", ...scripts].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

type Asset = {
  readonly body: Buffer;
  readonly type: string;
  /** The hashes of an HTML page's import maps, for its policy. */
  readonly scripts?: readonly string[];
};

/** The CSP source of each import map a page holds inline (`'sha256-…'`). */
export function importMapHashes(html: string): string[] {
  return [...html.matchAll(/<script type="importmap">([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/** A folder's files, read once: small hand-written pages, ES modules and style sheets, no build. */
function loadAssets(dir: string): ReadonlyMap<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(dir)) {
    const type = contentTypes[extname(name)];
    if (!type) continue;
    const body = readFileSync(join(dir, name));
    const scripts = type.startsWith('text/html') ? importMapHashes(body.toString('utf8')) : [];
    assets.set(name, { body, type, scripts });
  }
  return assets;
}

function send(res: Response, asset: Asset): void {
  res.writeHead(200, {
    'Content-Security-Policy': policyOf(asset.scripts ?? []),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Type': asset.type,
    'Content-Length': asset.body.length,
    'Cache-Control': 'no-cache',
  });
  res.end(asset.body);
}

export type StaticPage = {
  /** Where the page lives, such as `/wallet`; its files are at `${path}/assets/<name>`. */
  readonly path: string;
  /** The folder of its files: `index.html` is the page itself, never served as an asset. */
  readonly dir: string;
  /** Whether `path` itself answers with `index.html` (not where another handler renders it). */
  readonly index?: boolean;
};

/**
 * A hand-written page: its `index.html` at `path` and `path/`, and every file of its folder at
 * `path/assets/<name>`, each under the strict same-origin policy above.
 */
export function staticPageRoutes({ path, dir, index: serveIndex = true }: StaticPage): Router {
  const assets = loadAssets(dir);
  const router = Router();
  const index = assets.get('index.html');
  if (index && serveIndex) router.get([path, `${path}/`], (_req, res) => send(res, index));
  router.get(`${path}/assets/:name`, (req, res, next) => {
    const asset = req.params.name === 'index.html' ? undefined : assets.get(req.params.name);
    return asset ? send(res, asset) : next();
  });
  return router;
}
