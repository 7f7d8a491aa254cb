import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Router } from 'express';
import { graphiqlBundleRoutes } from '../graphql/graphiql-bundle.routes.ts';
import { importMapHashes, staticPageRoutes } from './static-page.routes.ts';

/**
 * Where the hand-written pages' folders are on disk: packages/web's `webPages`, which the
 * composition root hands in (the gateway does not depend on the package that holds them).
 */
export type WebPages = {
  /** The state-machine inspector's folder, served at `/inspect`. */
  readonly inspector: string;
  /** The wallet UI's folder, served at `/wallet`. */
  readonly wallet: string;
  /** The GraphQL page's folder: its files at `/graphql/assets/<name>`, itself at `/graphql`. */
  readonly graphiql: string;
  /** The style sheets and modules the pages share, served at `/ui-kit/assets/<name>`. */
  readonly uiKit: string;
  /** packages/client's modules, which the pages call the node with, at `/client/assets/<name>`. */
  readonly client: string;
};

/**
 * `/inspect` (over the inspect API), `/wallet` (over the validator, scan and GraphQL APIs), the
 * GraphQL page's files (yoga answers `/graphql` itself: see graphiqlPageOf), the UI kit and the
 * client they share. A page's modules import the kit as `../../ui-kit/assets/<name>`, which from
 * `/<page>/assets/` names `/ui-kit/assets/<name>`, and the client by its package name, which
 * the page's import map names `/client/assets/index.js`.
 */
export function webPageRoutes(pages: WebPages): Router {
  const router = Router();
  router.use(staticPageRoutes({ path: '/inspect', dir: pages.inspector }));
  router.use(staticPageRoutes({ path: '/wallet', dir: pages.wallet }));
  router.use(graphiqlBundleRoutes());
  router.use(staticPageRoutes({ path: '/graphql', dir: pages.graphiql, index: false }));
  router.use(staticPageRoutes({ path: '/ui-kit', dir: pages.uiKit }));
  router.use(staticPageRoutes({ path: '/client', dir: pages.client }));
  return router;
}

/**
 * The GraphQL page, which yoga answers a browser's `GET /graphql` with, and its content security
 * policy: everything from this node, as for the other pages, but for the styles GraphiQL's
 * React and Monaco set inline, and the fonts and images its style sheet holds as data.
 */
export function graphiqlPageOf(pages: WebPages): { html: string; policy: string } {
  const html = readFileSync(join(pages.graphiql, 'index.html'), 'utf8');
  const policy = [
    "default-src 'none'",
    ["script-src 'self'", ...importMapHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "img-src 'self' data:",
    "worker-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, policy };
}
