import type { Reverted, Snapshot, TimeMachine } from '@pocketnet/runtime';
import { revertRequestSchema } from '@pocketnet/schema';
import { Router } from 'express';
import { decodeBody } from '../http/decode-body.ts';
import { callerOf } from '../ledger-api/route-deps.ts';
import { requireTimeMachine } from './require-time-machine.ts';

const snapshotBody = (snapshot: Snapshot) => ({
  id: snapshot.id,
  ledger_end: snapshot.ledgerEnd,
  now_micros: snapshot.clockMicros.toString(),
});

const revertedBody = (reverted: Reverted) => ({
  id: reverted.id,
  ledger_end: reverted.ledgerEnd,
  now: reverted.now,
  now_micros: reverted.nowMicros.toString(),
});

/**
 * `/api/devnet/v0`: snapshot, revert, reset and the state dump (issue 23), for participant
 * admins, on a node the CLI started with its time machine.
 */
export function timeMachineRoutes({
  timeMachine,
}: {
  timeMachine?: TimeMachine | undefined;
}): Router {
  const router = Router();
  const machine = () => requireTimeMachine(timeMachine);
  router.post('/snapshot', async (_req, res) => {
    res.json(snapshotBody(await machine().snapshot(callerOf(res))));
  });
  router.post('/revert', async (req, res) => {
    const { id } = decodeBody(revertRequestSchema, req.body);
    res.json(revertedBody(await machine().revert(callerOf(res), id)));
  });
  router.post('/reset', async (_req, res) => {
    res.json(revertedBody(await machine().reset(callerOf(res))));
  });
  router.get('/state', async (_req, res) => {
    const lines = machine().dump(callerOf(res));
    // The first line is read before answering, so that a refusal is answered as an error.
    const first = await lines.next();
    res.status(200).type('application/x-ndjson');
    res.setHeader('content-disposition', 'attachment; filename="pocketnet-state.jsonl"');
    if (!first.done) res.write(`${first.value}\n`);
    for await (const line of lines) {
      if (!res.write(`${line}\n`)) await new Promise((done) => res.once('drain', done));
    }
    res.end();
  });
  return router;
}
