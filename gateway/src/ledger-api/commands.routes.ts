import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import { type TransactionFormatJson, toTransactionFormat } from './event-format.ts';
import { renderTransaction, renderTransactionTree } from './render/updates.render.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';
import { type JsCommandsJson, toSubmission } from './to-submission.ts';

// Canton's default view of a submitted transaction: every event the submitters may see.
const submittersFormat = (actAs: readonly string[], shape: string): TransactionFormatJson => ({
  transactionShape: shape,
  eventFormat: { filtersByParty: Object.fromEntries(actAs.map((party) => [party, {}])) },
});

export function commandsRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();
  const submission = (body: JsCommandsJson) => toSubmission(body, node.clock.nowMicros());

  router.post('/v2/commands/submit-and-wait', async (req, res) => {
    const body = decode('JsCommands', req.body);
    const record = await node.commands.submitAndWait(callerOf(res), submission(body));
    res.json({ updateId: record.updateId, completionOffset: record.offset });
  });

  router.post('/v2/commands/submit-and-wait-for-transaction', async (req, res) => {
    const { commands, transactionFormat } = decode(
      'JsSubmitAndWaitForTransactionRequest',
      req.body,
    );
    const record = await node.commands.submitAndWait(callerOf(res), submission(commands));
    const format =
      transactionFormat ?? submittersFormat(commands.actAs, 'TRANSACTION_SHAPE_ACS_DELTA');
    const { filter, shape } = toTransactionFormat(format, node.catalog, { shape: 'ACS_DELTA' });
    const view = node.views.transaction(record, filter, shape);
    res.json({ transaction: view ? renderTransaction(view) : emptyTransaction(record) });
  });

  router.post('/v2/commands/submit-and-wait-for-transaction-tree', async (req, res) => {
    const body = decode('JsCommands', req.body);
    const record = await node.commands.submitAndWait(callerOf(res), submission(body));
    const format = submittersFormat(body.actAs, 'TRANSACTION_SHAPE_LEDGER_EFFECTS');
    const { filter, shape } = toTransactionFormat(format, node.catalog, {
      shape: 'LEDGER_EFFECTS',
    });
    const view = node.views.transaction(record, filter, shape);
    const tree = view
      ? renderTransactionTree(view)
      : { ...emptyTransaction(record), eventsById: {} };
    res.json({ transactionTree: tree });
  });

  router.post('/v2/commands/async/submit', async (req, res) => {
    await node.commands.submit(callerOf(res), submission(decode('JsCommands', req.body)));
    res.json({});
  });

  router.post('/v2/commands/submit-and-wait-for-reassignment', (req, res) => {
    decode('SubmitAndWaitForReassignmentRequest', req.body);
    node.commands.refuseReassignment(callerOf(res));
  });
  router.post('/v2/commands/async/submit-reassignment', (req, res) => {
    decode('SubmitReassignmentRequest', req.body);
    node.commands.refuseReassignment(callerOf(res));
  });
  return router;
}

function emptyTransaction(record: {
  updateId: string;
  offset: number;
  synchronizerId: string;
  effectiveAt: string;
  recordTime: string;
  workflowId: string;
}) {
  return {
    updateId: record.updateId,
    commandId: '',
    workflowId: record.workflowId,
    effectiveAt: record.effectiveAt,
    offset: record.offset,
    synchronizerId: record.synchronizerId,
    recordTime: record.recordTime,
    events: [],
  };
}
