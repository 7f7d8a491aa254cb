import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import { toEventFilter } from './event-format.ts';
import { renderActiveContract } from './render/contracts.render.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';

export function stateRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();

  router.get('/v2/state/ledger-end', (_req, res) => {
    res.json({ offset: node.reads.ledgerEnd(callerOf(res)) });
  });

  router.get('/v2/state/connected-synchronizers', (req, res) => {
    const party = typeof req.query.party === 'string' && req.query.party ? req.query.party : null;
    const synchronizers = node.reads.connectedSynchronizers(callerOf(res), party);
    res.json({
      connectedSynchronizers: synchronizers.map(({ alias, id, permission }) => ({
        synchronizerAlias: alias,
        synchronizerId: id,
        permission,
      })),
    });
  });

  router.get('/v2/state/latest-pruned-offsets', (_req, res) => {
    res.json(node.reads.prunedOffsets(callerOf(res)));
  });

  router.get('/v2/state/active-contracts-page', (req, res) => {
    const request = decode('GetActiveContractsPageRequest', req.body);
    const activeAtOffset = request.activeAtOffset ?? node.reads.ledgerEnd(callerOf(res));
    const all = node.reads.activeContracts(
      callerOf(res),
      toEventFilter(request.eventFormat, node.catalog),
      activeAtOffset,
    );
    const start = Number(request.pageToken || 0);
    const size = request.maxPageSize && request.maxPageSize > 0 ? request.maxPageSize : 1000;
    const page = all.slice(start, start + size);
    const next = start + size < all.length ? String(start + size) : undefined;
    res.json({
      activeContracts: page.map((contract) => renderActiveContract(contract, '')),
      activeAtOffset,
      ...(next ? { nextPageToken: next } : {}),
    });
  });
  return router;
}
