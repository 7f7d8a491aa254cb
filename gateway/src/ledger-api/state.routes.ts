import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import { toEventFilter } from './event-format.ts';
import { renderActiveContract } from './render/contracts.render.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';

export function stateRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();

  router.get('/v2/state/ledger-end', (_req, res) => {
    res.json({ offset: node.reads.ledgerEnd() });
  });

  router.get('/v2/state/connected-synchronizers', (_req, res) => {
    res.json({
      connectedSynchronizers: [
        {
          synchronizerAlias: node.identity.synchronizerAlias,
          synchronizerId: node.identity.synchronizerId,
          permission: 'PARTICIPANT_PERMISSION_SUBMISSION',
        },
      ],
    });
  });

  router.get('/v2/state/latest-pruned-offsets', (_req, res) => {
    // Nothing is ever pruned: the journal is the source of truth.
    res.json({ participantPrunedUpToInclusive: 0, allDivulgedContractsPrunedUpToInclusive: 0 });
  });

  router.get('/v2/state/active-contracts-page', (req, res) => {
    const request = decode('GetActiveContractsPageRequest', req.body);
    const activeAtOffset = request.activeAtOffset ?? node.reads.ledgerEnd();
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
