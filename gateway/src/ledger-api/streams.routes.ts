import { Router } from 'express';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { collectList, listOptions } from './list-stream.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';
import { streamEndpoints } from './stream-endpoints.ts';

/** Every stream is a read, though its request is a POST. */
export const streamsRouteWrites: RouteDeclarations = Object.keys(streamEndpoints).map((path) => ({
  path,
  writes: 'nothing',
}));

/** The HTTP form of every streaming operation: the elements as one JSON list. */
export function streamsRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();
  for (const [path, endpoint] of Object.entries(streamEndpoints)) {
    router.post(path, async (req, res) => {
      const elements$ = endpoint(node, callerOf(res), req.body);
      res.json(await collectList(elements$, listOptions(req)));
    });
  }
  return router;
}
