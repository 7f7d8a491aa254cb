import { type Request, type Response, Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import { invalidParameter } from '../http/request-body-error.ts';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { toTransactionFormat, toUpdateFormat } from './event-format.ts';
import { renderTransaction, renderTransactionTree, renderUpdate } from './render/updates.render.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';

type Shape = 'ACS_DELTA' | 'LEDGER_EFFECTS';

const defaultPageSize = 100;

function offsetParameter(raw: string): number {
  if (!/^\d+$/.test(raw))
    throw invalidParameter('path parameter offset', `expected an offset, got ${raw}`);
  return Number(raw);
}

/** Lookups of updates, by POST. */
export const updatesRouteWrites: RouteDeclarations = [
  { path: '/v2/updates/*lookup', writes: 'nothing' },
];

export function updatesRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();

  router.post('/v2/updates/update-by-id', (req, res) => {
    const request = decode('GetUpdateByIdRequest', req.body);
    const view = node.reads.updateById(
      callerOf(res),
      toUpdateFormat(request.updateFormat, node.catalog),
      request.updateId,
    );
    res.json({ update: renderUpdate(view) });
  });
  router.post('/v2/updates/update-by-offset', (req, res) => {
    const request = decode('GetUpdateByOffsetRequest', req.body);
    const view = node.reads.updateByOffset(
      callerOf(res),
      toUpdateFormat(request.updateFormat, node.catalog),
      request.offset,
    );
    res.json({ update: renderUpdate(view) });
  });
  router.post('/v2/updates/get-updates-page', (req, res) => {
    const request = decode('GetUpdatesPageRequest', req.body);
    const page = node.reads.updatesPage(
      callerOf(res),
      toUpdateFormat(request.updateFormat, node.catalog),
      {
        beginExclusive: request.beginOffsetExclusive ?? 0,
        endInclusive: request.endOffsetInclusive ?? null,
        maxPageSize: request.maxPageSize ?? defaultPageSize,
        descending: request.descendingOrder ?? false,
        pageToken: request.pageToken || null,
      },
    );
    res.json({
      updates: page.updates.map((view) => ({ update: renderUpdate(view) })),
      lowestPageOffsetExclusive: page.lowestPageOffsetExclusive,
      highestPageOffsetInclusive: page.highestPageOffsetInclusive,
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
    });
  });
  legacyTransactionRoutes(router, { node });
  return router;
}

/** The 3.3-era point lookups that the wallet SDK still calls. */
function legacyTransactionRoutes(router: Router, { node }: LedgerApiDeps): void {
  const transactionFormat = (
    body: { transactionFormat?: unknown; requestingParties?: string[] | undefined },
    shape: Shape,
  ) =>
    toTransactionFormat(
      body.transactionFormat as Parameters<typeof toTransactionFormat>[0],
      node.catalog,
      {
        filter: {
          filtersByParty: Object.fromEntries((body.requestingParties ?? []).map((p) => [p, {}])),
        },
        shape,
      },
    );
  const lookup = (
    res: Response,
    by: { id?: string; offset?: number },
    format: ReturnType<typeof transactionFormat>,
  ) => {
    const updateFormat = { transactions: format, topologyParties: null };
    const view =
      by.id !== undefined
        ? node.reads.updateById(callerOf(res), updateFormat, by.id)
        : node.reads.updateByOffset(callerOf(res), updateFormat, by.offset ?? 0);
    if (view.type !== 'transaction')
      throw new Error('a transaction format yielded a topology update');
    return view;
  };
  router.post('/v2/updates/transaction-by-id', (req, res) => {
    const body = decode('GetTransactionByIdRequest', req.body);
    res.json({
      transaction: renderTransaction(
        lookup(res, { id: body.updateId }, transactionFormat(body, 'ACS_DELTA')),
      ),
    });
  });
  router.post('/v2/updates/transaction-by-offset', (req, res) => {
    const body = decode('GetTransactionByOffsetRequest', req.body);
    res.json({
      transaction: renderTransaction(
        lookup(res, { offset: body.offset }, transactionFormat(body, 'ACS_DELTA')),
      ),
    });
  });
  const parties = (req: Request) => [req.query.parties ?? []].flat().map(String);
  router.get('/v2/updates/transaction-tree-by-id/:updateId', (req, res) => {
    const format = transactionFormat({ requestingParties: parties(req) }, 'LEDGER_EFFECTS');
    res.json({
      transaction: renderTransactionTree(lookup(res, { id: req.params.updateId }, format)),
    });
  });
  router.get('/v2/updates/transaction-tree-by-offset/:offset', (req, res) => {
    const format = transactionFormat({ requestingParties: parties(req) }, 'LEDGER_EFFECTS');
    res.json({
      transaction: renderTransactionTree(
        lookup(res, { offset: offsetParameter(req.params.offset) }, format),
      ),
    });
  });
}
