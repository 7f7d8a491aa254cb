import { type RequestHandler, Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import { createJsonBodyParser } from '../http/json-body.middleware.ts';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { sendJson } from '../http/send-json.ts';
import { type TransactionFormatJson, toTransactionFormat } from './event-format.ts';
import { reassignmentRoutes } from './reassignment.routes.ts';
import {
  renderEmptyTransaction,
  renderTransaction,
  renderTransactionTree,
} from './render/updates.render.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';
import { submitAndWait } from './submit-and-wait.ts';
import { type JsCommandsJson, toSubmission } from './to-submission.ts';

// Canton's default view of a submitted transaction: every event the submitters may see.
const submittersFormat = (actAs: readonly string[], shape: string): TransactionFormatJson => ({
  transactionShape: shape,
  eventFormat: { filtersByParty: Object.fromEntries(actAs.map((party) => [party, {}])) },
});

/** Submissions, authorized where they arrive; their commands travel to the synchronizer. */
export const commandsRouteWrites: RouteDeclarations = [
  { path: '/v2/commands/*operation', writes: 'commands' },
];

/**
 * Command submission. Mounted ahead of the other routers, so each route reads its own JSON
 * body (the one parser the rest of the API shares comes later).
 */
export function commandsRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();
  const submission = (body: JsCommandsJson) => toSubmission(body, node.clock.nowMicros());
  const post = (path: string, handler: RequestHandler) =>
    router.post(path, createJsonBodyParser(), handler);

  // Usually answered by the fast lane (submit-fast-lane.ts) before express sees the request.
  post('/v2/commands/submit-and-wait', async (req, res) => {
    sendJson(res, await submitAndWait(node, callerOf(res), req.body));
  });

  post('/v2/commands/submit-and-wait-for-transaction', async (req, res) => {
    const { commands, transactionFormat } = decode(
      'JsSubmitAndWaitForTransactionRequest',
      req.body,
    );
    const record = await node.commands.submitAndWait(callerOf(res), submission(commands));
    const format =
      transactionFormat ?? submittersFormat(commands.actAs, 'TRANSACTION_SHAPE_ACS_DELTA');
    const { filter, shape } = toTransactionFormat(format, node.catalog, { shape: 'ACS_DELTA' });
    const view = node.views.transaction(record, filter, shape);
    res.json({ transaction: view ? renderTransaction(view) : renderEmptyTransaction(record) });
  });

  post('/v2/commands/submit-and-wait-for-transaction-tree', async (req, res) => {
    const body = decode('JsCommands', req.body);
    const record = await node.commands.submitAndWait(callerOf(res), submission(body));
    const format = submittersFormat(body.actAs, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
    const { filter, shape } = toTransactionFormat(format, node.catalog, {
      shape: 'LEDGER_EFFECTS',
    });
    const view = node.views.transaction(record, filter, shape);
    const tree = view
      ? renderTransactionTree(view)
      : { ...renderEmptyTransaction(record), eventsById: {} };
    res.json({ transactionTree: tree });
  });

  post('/v2/commands/async/submit', async (req, res) => {
    await node.commands.submit(callerOf(res), submission(decode('JsCommands', req.body)));
    res.json({});
  });

  // Reassignments between the node's synchronizers (issue 10).
  router.use(reassignmentRoutes({ node }));
  return router;
}
