import { DomainError, isDomainError } from '@pocketnet/ledger';
import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { toEventFilter } from './event-format.ts';
import { renderArchivedEvent, renderCreatedEvent } from './render/events.render.ts';
import { callerOf, type LedgerApiDeps } from './route-deps.ts';

/** contract-by-id reports a contract it cannot show as CONTRACT_NOT_FOUND, not as missing events. */
function contractEvents<TEvents>(lookup: () => TEvents): TEvents {
  try {
    return lookup();
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'CONTRACT_EVENTS_NOT_FOUND') throw error;
    throw new DomainError('CONTRACT_NOT_FOUND', error.message, { details: error.details });
  }
}

/** Lookups of events and contracts, by POST. */
export const eventsRouteWrites: RouteDeclarations = [
  { path: '/v2/events/*lookup', writes: 'nothing' },
  { path: '/v2/contracts/*lookup', writes: 'nothing' },
];

export function eventsRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();

  router.post('/v2/events/events-by-contract-id', (req, res) => {
    const request = decode('GetEventsByContractIdRequest', req.body);
    const filter = toEventFilter(request.eventFormat, node.catalog);
    const events = node.lookups.eventsByContractId(callerOf(res), request.contractId, filter);
    const { created, archived } = events;
    res.json({
      ...(created.event.kind === 'created'
        ? {
            created: {
              createdEvent: renderCreatedEvent(created.event, created.offset),
              synchronizerId: created.synchronizerId,
            },
          }
        : {}),
      ...(archived && archived.event.kind !== 'created'
        ? {
            archived: {
              archivedEvent: renderArchivedEvent(archived.event, archived.offset),
              synchronizerId: archived.synchronizerId,
            },
          }
        : {}),
    });
  });

  router.post('/v2/contracts/contract-by-id', (req, res) => {
    const request = decode('GetContractRequest', req.body);
    const parties = request.queryingParties ?? [];
    const filter = toEventFilter(
      parties.length > 0
        ? { filtersByParty: Object.fromEntries(parties.map((party) => [party, {}])) }
        : { filtersForAnyParty: {} },
      node.catalog,
    );
    const { created } = contractEvents(() =>
      node.lookups.eventsByContractId(callerOf(res), request.contractId, filter),
    );
    if (created.event.kind !== 'created') throw new Error('a created entry holds a created event');
    res.json({ createdEvent: renderCreatedEvent(created.event, created.offset) });
  });
  return router;
}
