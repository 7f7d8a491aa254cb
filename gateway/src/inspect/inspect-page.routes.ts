import { join } from 'node:path';
import type { Router } from 'express';
import { staticPageRoutes } from '../ui-kit/static-page.routes.ts';

/** `/inspect`: the state-machine inspector, a static page over the inspect API. */
export function inspectPageRoutes(): Router {
  return staticPageRoutes({ path: '/inspect', dir: join(import.meta.dirname, 'page') });
}
