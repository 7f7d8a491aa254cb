import { Router } from 'express';
import type { ScanRouteDeps } from './scan.routes.ts';

export function registryRoutes(_deps: ScanRouteDeps): Router {
  return Router();
}
