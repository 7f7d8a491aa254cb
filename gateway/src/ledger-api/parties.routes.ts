import { Router } from 'express';
import { decodeLedgerRequest as decode } from '../http/decode-body.ts';
import type { RouteDeclarations } from '../http/route-writes.ts';
import { integerQuery } from './list-stream.ts';
import { callerOf, type LedgerApiDeps, pathId } from './route-deps.ts';

const queryString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Allocating and updating parties changes the participant's state (external parties too). */
export const partiesRouteWrites: RouteDeclarations = [
  { path: '/v2/parties{/*party}', writes: 'participant-plans' },
];

export function partiesRoutes({ node }: LedgerApiDeps): Router {
  const router = Router();

  router.post('/v2/parties', async (req, res) => {
    const request = decode('AllocatePartyRequest', req.body);
    res.json({ partyDetails: await node.admin.allocateParty(callerOf(res), request) });
  });

  router.get('/v2/parties', (req, res) => {
    const page = node.admin.listParties(callerOf(res), {
      pageSize: integerQuery(req, 'pageSize') ?? 0,
      pageToken: queryString(req.query.pageToken),
      identityProviderId: queryString(req.query['identity-provider-id']),
      filterParty: queryString(req.query['filter-party']),
    });
    res.json(page);
  });

  router.get('/v2/parties/participant-id', (_req, res) => {
    res.json({ participantId: node.admin.participantId(callerOf(res)) });
  });

  router.get('/v2/parties/:party', (req, res) => {
    const extra = [req.query.parties ?? []].flat().map(String);
    const partyDetails = node.admin.getParties(callerOf(res), {
      parties: [req.params.party, ...extra],
      ...(queryString(req.query['identity-provider-id'])
        ? { identityProviderId: String(req.query['identity-provider-id']) }
        : {}),
    });
    res.json({ partyDetails });
  });

  router.patch('/v2/parties/:party', async (req, res) => {
    const request = decode('UpdatePartyDetailsRequest', req.body);
    const details = {
      ...request.partyDetails,
      party: pathId('party', req.params.party, request.partyDetails?.party),
    };
    const partyDetails = await node.admin.updatePartyDetails(callerOf(res), {
      ...request,
      partyDetails: details,
    });
    res.json({ partyDetails });
  });
  return router;
}
