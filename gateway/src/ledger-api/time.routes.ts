import { DomainError } from '@pocketnet/ledger';
import type { LedgerApiService } from '@pocketnet/runtime';
import { setTimeRequestSchema } from '@pocketnet/schema';
import { Router } from 'express';
import { decodeBody } from '../http/decode-body.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';

const microsOf = (time: string) =>
  BigInt(Date.parse(time)) * 1000n + BigInt(/\.\d{3}(\d{3})/.exec(time)?.[1] ?? 0);

function controlsOf(node: LedgerApiService) {
  if (!node.devnet) throw new DomainError('PERMISSION_DENIED', 'Time can only be set on a devnet');
  return node.devnet.controls;
}

/**
 * `/v2/time`, for clients written against a ledger with static time: the current ledger time,
 * and moving it forward (everything due on the way happens first, as with the devnet API).
 */
export function timeRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();
  router.get('/v2/time', (_req, res) => {
    res.json({ currentTime: controlsOf(node).now(callerOf(res)).time });
  });
  router.post('/v2/time', async (req, res) => {
    const request = decodeBody(setTimeRequestSchema, req.body);
    const controls = controlsOf(node);
    const caller = callerOf(res);
    const now = controls.now(caller);
    if (request.currentTime !== undefined && microsOf(request.currentTime) !== now.micros) {
      throw new DomainError(
        'INVALID_ARGUMENT',
        `currentTime ${request.currentTime} is not the ledger time ${now.time}`,
      );
    }
    const set = await controls.setTime(caller, microsOf(request.newTime));
    res.json({ currentTime: set.time });
  });
  return router;
}
