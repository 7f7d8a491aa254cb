import type { LedgerApiRequest } from '@pocketnet/schema';
import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import { type TransactionFormatJson, toTransactionFormat } from './event-format.ts';
import { renderEmptyTransaction, renderTransaction } from './render/updates.render.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';
import { minLedgerTimeField, relativeLedgerTime, timestampField } from './submission-times.ts';
import { type JsCommandsJson, toSubmission } from './to-submission.ts';

type PrepareBody = LedgerApiRequest<'JsPrepareSubmissionRequest'>;
type ExecuteBody = LedgerApiRequest<'JsExecuteSubmissionRequest'>;
type MinLedgerTime = PrepareBody['minLedgerTime'];

/** Checked before anything is prepared or executed: a bad time is a 400, never a 500. */
function minLedgerTime(minimum: MinLedgerTime, nowMicros: bigint): bigint | null {
  const time = minimum?.time;
  if (time === undefined || 'Empty' in time) return null;
  if ('MinLedgerTimeAbs' in time) {
    return minLedgerTimeField(time.MinLedgerTimeAbs.value, 'minLedgerTime.time.MinLedgerTimeAbs');
  }
  const field = 'minLedgerTime.time.MinLedgerTimeRel';
  return relativeLedgerTime(nowMicros, time.MinLedgerTimeRel.value, field);
}

/** The request as the node's interactive submission takes it (commands parsed as for submit). */
function toPrepare(body: PrepareBody, nowMicros: bigint) {
  const parsed = toSubmission({ ...body, workflowId: undefined } as JsCommandsJson, nowMicros);
  return {
    userId: body.userId,
    commandId: body.commandId,
    commands: parsed.commands,
    actAs: body.actAs,
    readAs: body.readAs ?? [],
    disclosedContracts: parsed.disclosedContracts,
    synchronizerId: body.synchronizerId || null,
    minLedgerTimeMicros: minLedgerTime(body.minLedgerTime, nowMicros),
    maxRecordTimeMicros:
      body.maxRecordTime === undefined ? null : timestampField(body.maxRecordTime, 'maxRecordTime'),
    packageIdSelectionPreference: body.packageIdSelectionPreference ?? [],
    hashingSchemeVersion: body.hashingSchemeVersion,
    verboseHashing: body.verboseHashing,
  };
}

function toExecute(body: ExecuteBody, nowMicros: bigint) {
  // A lower bound for the ledger time execution picks within the signed time bounds.
  const minLedgerTimeMicros = minLedgerTime(body.minLedgerTime, nowMicros);
  const { deduplicationPeriod } = toSubmission(
    {
      commands: [],
      commandId: '',
      actAs: [],
      deduplicationPeriod: body.deduplicationPeriod,
    } as JsCommandsJson,
    0n,
  );
  return {
    preparedTransaction: body.preparedTransaction,
    partySignatures: body.partySignatures.signatures,
    submissionId: body.submissionId,
    userId: body.userId,
    deduplicationPeriod,
    hashingSchemeVersion: body.hashingSchemeVersion,
    minLedgerTimeMicros,
  };
}

// Canton's default for executeAndWaitForTransaction: the submitters' view, ACS delta, verbose.
const submittersFormat = (parties: readonly string[]): TransactionFormatJson => ({
  transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
  eventFormat: {
    filtersByParty: Object.fromEntries(parties.map((party) => [party, {}])),
    verbose: true,
  },
});

/** `/v2/interactive-submission/{prepare, execute, executeAndWait, executeAndWaitForTransaction}`. */
export function interactiveSubmissionRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();
  const { interactive } = node;

  router.post('/v2/interactive-submission/prepare', (req, res) => {
    const body = decode('JsPrepareSubmissionRequest', req.body);
    res.json(interactive.prepare(callerOf(res), toPrepare(body, node.clock.nowMicros())));
  });
  router.post('/v2/interactive-submission/execute', async (req, res) => {
    const body = decode('JsExecuteSubmissionRequest', req.body);
    await interactive.execute(callerOf(res), toExecute(body, node.clock.nowMicros()));
    res.json({});
  });
  router.post('/v2/interactive-submission/executeAndWait', async (req, res) => {
    const body = decode('JsExecuteSubmissionAndWaitRequest', req.body);
    const record = await interactive.executeAndWait(
      callerOf(res),
      toExecute(body, node.clock.nowMicros()),
    );
    res.json({ updateId: record.updateId, completionOffset: record.offset });
  });
  router.post('/v2/interactive-submission/executeAndWaitForTransaction', async (req, res) => {
    const body = decode('JsExecuteSubmissionAndWaitForTransactionRequest', req.body);
    const record = await interactive.executeAndWait(
      callerOf(res),
      toExecute(body, node.clock.nowMicros()),
    );
    const actAs = record.submission?.actAs ?? [];
    const format = body.transactionFormat ?? submittersFormat(actAs);
    const { filter, shape } = toTransactionFormat(format, node.catalog, { shape: 'ACS_DELTA' });
    const view = node.views.transaction(record, filter, shape);
    const transaction = view ? renderTransaction(view) : renderEmptyTransaction(record);
    res.json({
      transaction: { ...transaction, externalTransactionHash: record.external?.transactionHash },
    });
  });
  return router;
}
