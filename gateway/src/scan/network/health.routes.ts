import { Router } from 'express';
import type { ScanRouteDeps } from '../scan.routes.ts';

/** Scan's health: `/readyz`, `/livez`, `/status` and `/version`, public as in Splice. */
export function healthRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const network = scan.network;
  router.get('/readyz', (_req, res) => {
    res.status(network.status().kind === 'success' ? 200 : 503).end();
  });
  router.get('/livez', (_req, res) => {
    res.status(network.status().kind === 'failed' ? 503 : 200).end();
  });
  router.get('/status', (req, res) => {
    const status = network.status();
    if (status.kind === 'failed') return void res.json({ failed: { error: status.error } });
    if (status.kind === 'not_initialized') {
      return void res.json({ not_initialized: { active: false } });
    }
    const ports = { http: req.socket.localPort ?? 0 };
    res.json({ success: { id: status.id, uptime: status.uptime, ports, active: true } });
  });
  router.get('/version', (_req, res) => {
    const { version, commitTs } = network.version();
    res.json({ version, commit_ts: commitTs });
  });
  return router;
}
