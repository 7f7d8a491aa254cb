import { DomainError } from '@pocketnet/ledger';
import type { LedgerApiService, ScanService, TimeMachine } from '@pocketnet/runtime';
import {
  advanceRoundsRequestSchema,
  advanceTimeRequestSchema,
  amuletPriceRequestSchema,
} from '@pocketnet/schema';
import { Router } from 'express';
import type { Logger } from 'pino';
import { decodeBody } from '../http/decode-body.ts';
import { createJsonBodyParser } from '../http/json-body.middleware.ts';
import { createSpliceErrorHandler } from '../http/splice-error.middleware.ts';
import { callerOf } from '../ledger-api/route-deps.ts';
import { migrationScheduleControlRoutes } from '../scan/history/migration-schedule.routes.ts';
import { timeMachineRoutes } from './time-machine.routes.ts';

const microsOfSeconds = (seconds: number) => BigInt(Math.round(seconds * 1_000_000));

/** `/api/devnet/v0`: the devnet's time machine, for participant admins. */
export function devnetRoutes({
  node,
  logger,
  timeMachine,
}: {
  /** The devnet's controls, and scan for its migration schedule. */
  node: Pick<LedgerApiService, 'devnet'> & { readonly scan: ScanService };
  logger: Logger;
  timeMachine?: TimeMachine | undefined;
}): Router {
  const router = Router();
  router.use(createJsonBodyParser());
  const controls = () => {
    if (!node.devnet) {
      throw new DomainError(
        'PERMISSION_DENIED',
        'This node is not a devnet: start it without --no-devnet',
      );
    }
    return node.devnet.controls;
  };
  const answer = (now: { micros: bigint; time: string }) => ({
    now: now.time,
    now_micros: now.micros.toString(),
  });

  router.get('/time', (_req, res) => {
    res.json(answer(controls().now(callerOf(res))));
  });
  router.post('/time/advance', async (req, res) => {
    const { seconds } = decodeBody(advanceTimeRequestSchema, req.body);
    res.json(answer(await controls().advanceTime(callerOf(res), microsOfSeconds(seconds))));
  });
  router.post('/rounds/advance', async (req, res) => {
    const { count } = decodeBody(advanceRoundsRequestSchema, req.body ?? {});
    res.json(answer(await controls().advanceRounds(callerOf(res), count)));
  });
  router.post('/amulet-price', async (req, res) => {
    const { price } = decodeBody(amuletPriceRequestSchema, req.body);
    const { amuletPrice } = await controls().setAmuletPrice(callerOf(res), String(price));
    res.json({ amulet_price: amuletPrice });
  });
  router.use(migrationScheduleControlRoutes({ scan: node.scan }));
  router.use(timeMachineRoutes({ timeMachine }));
  router.use(createSpliceErrorHandler({ logger }));
  return router;
}
