import { type Request, Router } from 'express';
import type { ScanRouteDeps } from '../scan.routes.ts';
import { pathOf } from './scan-params.ts';

/** The synchronizer's nodes: their identities and the transactions it was bootstrapped with. */
export function synchronizerRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const directory = scan.network.directory;
  router.get('/v0/synchronizer-identities/:prefix', (req, res) => {
    const found = directory.synchronizerIdentities(pathOf(req, 'prefix'));
    res.json({
      sequencer_id: found.sequencerId,
      sequencer_identity_transactions: found.sequencerIdentityTransactions,
      mediator_id: found.mediatorId,
      mediator_identity_transactions: found.mediatorIdentityTransactions,
    });
  });
  router.get('/v0/synchronizer-bootstrapping-transactions/:prefix', (req, res) => {
    const found = directory.bootstrappingTransactions(pathOf(req, 'prefix'));
    res.json({
      domain_parameters: found.domainParameters,
      sequencer_domain_state: found.sequencerDomainState,
      mediator_domain_state: found.mediatorDomainState,
    });
  });
  return router;
}

/** The synchronizer's members: who hosts a party, what traffic a member has. */
export function memberRoutes({ scan }: ScanRouteDeps): Router {
  const router = Router();
  const directory = scan.network.directory;
  const participantsOf = (req: Request) =>
    directory.participantsOf(pathOf(req, 'domain'), pathOf(req, 'party'));
  router.get('/v0/domains/:domain/parties/:party/participant-id', (req, res) => {
    const [participantId] = participantsOf(req);
    res.json({ participant_id: participantId });
  });
  router.get('/v1/domains/:domain/parties/:party/participant-id', (req, res) => {
    res.json({ participant_ids: participantsOf(req) });
  });
  router.get('/v0/domains/:domain/members/:member/traffic-status', (req, res) => {
    const traffic = directory.memberTraffic(pathOf(req, 'domain'), pathOf(req, 'member'));
    res.json({
      traffic_status: {
        actual: { total_consumed: Number(traffic.consumed), total_limit: Number(traffic.limit) },
        target: { total_purchased: Number(traffic.purchased) },
      },
    });
  });
  return router;
}
