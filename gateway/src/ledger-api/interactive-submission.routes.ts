import type { LedgerApiRequest } from '@pocketnet/schema';
import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import { type TransactionFormatJson, toTransactionFormat } from './event-format.ts';
import { renderEmptyTransaction, renderTransaction } from './render/updates.render.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';
import { type JsCommandsJson, toSubmission } from './to-submission.ts';

type PrepareBody = LedgerApiRequest<'JsPrepareSubmissionRequest'>;
type ExecuteBody = LedgerApiRequest<'JsExecuteSubmissionRequest'>;
type Duration = { seconds?: number | undefined; nanos?: number | undefined };

const micros = (duration: Duration) =>
  BigInt(duration.seconds ?? 0) * 1_000_000n + BigInt(Math.trunc((duration.nanos ?? 0) / 1000));
const timeMicros = (iso: string) => BigInt(Date.parse(iso)) * 1000n;

function minLedgerTime(body: PrepareBody, nowMicros: bigint): bigint | null {
  const time = body.minLedgerTime?.time;
  if (time === undefined || 'Empty' in time) return null;
  if ('MinLedgerTimeAbs' in time) return timeMicros(time.MinLedgerTimeAbs.value);
  return nowMicros + micros(time.MinLedgerTimeRel.value);
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
    minLedgerTimeMicros: minLedgerTime(body, nowMicros),
    maxRecordTimeMicros: body.maxRecordTime ? timeMicros(body.maxRecordTime) : null,
    hashingSchemeVersion: body.hashingSchemeVersion,
    verboseHashing: body.verboseHashing,
  };
}

function toExecute(body: ExecuteBody) {
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
    await interactive.execute(callerOf(res), toExecute(body));
    res.json({});
  });
  router.post('/v2/interactive-submission/executeAndWait', async (req, res) => {
    const body = decode('JsExecuteSubmissionAndWaitRequest', req.body);
    const record = await interactive.executeAndWait(callerOf(res), toExecute(body));
    res.json({ updateId: record.updateId, completionOffset: record.offset });
  });
  router.post('/v2/interactive-submission/executeAndWaitForTransaction', async (req, res) => {
    const body = decode('JsExecuteSubmissionAndWaitForTransactionRequest', req.body);
    const record = await interactive.executeAndWait(callerOf(res), toExecute(body));
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
