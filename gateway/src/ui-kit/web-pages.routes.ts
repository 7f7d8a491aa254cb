import { Router } from 'express';
import { staticPageRoutes } from './static-page.routes.ts';

/**
 * Where the hand-written pages' folders are on disk: packages/web's `webPages`, which the
 * composition root hands in (the gateway does not depend on the package that holds them).
 */
export type WebPages = {
  /** The state-machine inspector's folder, served at `/inspect`. */
  readonly inspector: string;
  /** The wallet UI's folder, served at `/wallet`. */
  readonly wallet: string;
  /** The style sheets and modules both pages share, served at `/ui-kit/assets/<name>`. */
  readonly uiKit: string;
};

/**
 * `/inspect` (over the inspect API), `/wallet` (over the validator, scan and GraphQL APIs) and
 * the UI kit they share. A page's modules import the kit as `../../ui-kit/assets/<name>`, which
 * from `/<page>/assets/` names `/ui-kit/assets/<name>`.
 */
export function webPageRoutes(pages: WebPages): Router {
  const router = Router();
  router.use(staticPageRoutes({ path: '/inspect', dir: pages.inspector }));
  router.use(staticPageRoutes({ path: '/wallet', dir: pages.wallet }));
  router.use(staticPageRoutes({ path: '/ui-kit', dir: pages.uiKit }));
  return router;
}
