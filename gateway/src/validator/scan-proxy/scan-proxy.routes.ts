import { type RequestHandler, Router } from 'express';
import { stateRoutes } from '../../scan/history/state.routes.ts';
import {
  ansRoutes,
  featuredAppRoutes,
  transferRoutes,
} from '../../scan/network/directory-entries.routes.ts';
import { dsoRoutes } from '../../scan/network/dso.routes.ts';
import { withState } from '../../scan/network/network-contract.render.ts';
import { roundsRoutes, rulesRoutes } from '../../scan/network/rounds.routes.ts';
import { registryRoutes } from '../../scan/registry.routes.ts';
import type { ScanRouteDeps } from '../../scan/scan.routes.ts';
import { createHistoryRendering } from '../../scan/scan-history.routes.ts';

// The operations scan-proxy.yaml forwards unchanged: `/vN/scan-proxy/<rest>` is Scan's
// `/vN/<rest>`, answered by Scan's own handlers. Anything else under the proxy is no operation.
const forwarded: ReadonlyArray<readonly [string, RegExp]> = [
  ['GET', /^\/v0\/scan-proxy\/dso-party-id$/],
  ['GET', /^\/v0\/scan-proxy\/dso$/],
  ['GET', /^\/v0\/scan-proxy\/featured-apps\/[^/]+$/],
  ['GET', /^\/v0\/scan-proxy\/ans-entries$/],
  ['GET', /^\/v0\/scan-proxy\/ans-entries\/by-party\/[^/]+$/],
  ['GET', /^\/v0\/scan-proxy\/ans-entries\/by-name\/[^/]+$/],
  ['POST', /^\/v0\/scan-proxy\/ans-rules$/],
  ['GET', /^\/v0\/scan-proxy\/transfer-preapprovals\/by-party\/[^/]+$/],
  ['GET', /^\/v0\/scan-proxy\/transfer-command-counter\/[^/]+$/],
  ['GET', /^\/v0\/scan-proxy\/transfer-command\/status$/],
  ['POST', /^\/v[01]\/scan-proxy\/holdings\/summary$/],
  ['GET', /^\/v0\/scan-proxy\/unclaimed-development-fund-coupons$/],
];

const isForwarded = (method: string, path: string) =>
  forwarded.some(([allowed, pattern]) => allowed === method && pattern.test(path));

/** Scan's handlers of the forwarded operations, under Scan's own paths. */
function scanHandlers(deps: ScanRouteDeps): Router {
  const scan = Router();
  for (const routes of [dsoRoutes, featuredAppRoutes, ansRoutes, rulesRoutes, transferRoutes]) {
    scan.use(routes(deps));
  }
  scan.use(stateRoutes(createHistoryRendering(deps.scan.history)));
  scan.use(roundsRoutes(deps));
  return scan;
}

/** Rewrites a forwarded proxy path to Scan's and hands it to Scan's handlers. */
function forwardToScan(deps: ScanRouteDeps): RequestHandler {
  const scan = scanHandlers(deps);
  return (req, res, next) => {
    if (!isForwarded(req.method, req.path)) return next();
    const original = req.url;
    req.url = original.replace(/^\/(v[01])\/scan-proxy\//, '/$1/');
    scan(req, res, (error?: unknown) => {
      req.url = original;
      next(error);
    });
  };
}

/**
 * `/v0/scan-proxy/...` (scan-proxy.yaml): the network as this node's Scan sees it, for wallets
 * that talk to their validator only, and the token-standard registry the wallet SDK reaches at
 * `<validator>/v0/scan-proxy/registry/...`. Public, as the spec declares no credential.
 */
export function scanProxyRoutes(deps: ScanRouteDeps): Router {
  const router = Router();
  const network = deps.scan.network;
  // The proxy's own shapes: plain lists and contracts, nothing cached.
  router.get('/v0/scan-proxy/open-and-issuing-mining-rounds', (_req, res) => {
    res.json({
      open_mining_rounds: network.rounds.open().map(withState),
      issuing_mining_rounds: network.rounds.issuing().map(withState),
    });
  });
  router.get('/v0/scan-proxy/amulet-rules', (_req, res) => {
    res.json({ amulet_rules: withState(network.amuletRules()) });
  });
  router.use(forwardToScan(deps));
  router.use('/v0/scan-proxy/registry', registryRoutes(deps));
  return router;
}
