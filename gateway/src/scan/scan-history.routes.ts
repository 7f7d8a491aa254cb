import { Router } from 'express';
import type { ScanRouteDeps } from './scan.routes.ts';

export function scanHistoryRoutes(_deps: ScanRouteDeps): Router {
  return Router();
}
